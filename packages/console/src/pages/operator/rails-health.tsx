import type { AdminRead } from '../../api/admin.js';
import { ProblemAlert, Section, Time } from '../../ui/components.js';
import { useAdminLive } from './admin-hooks.js';
import { TableWrap } from './parts.js';

type Rail = AdminRead<'/admin/v1/rails'>['rails'][number];

const STATE_TEXT: Record<Rail['state'], string> = {
  ok: 'OK',
  lagging: 'Lagging: deposits are credited late',
  'node-failing': 'Node failing: nothing is read or sent until it answers',
  'wrong-chain': 'Wrong chain: the node reports another chain id',
  'psp-failing': 'PSP failing: nothing is created, credited or sent until it answers',
};

/**
 * The rails' health on the health page (docs/admin.md "Rails"): each rail's state and lag, the
 * payouts waiting for the hot wallet and why, and the newest reconciliation's difference per
 * asset. Nothing shows where no rail is configured (the sandbox).
 */
export function RailsHealth() {
  const rails = useAdminLive<AdminRead<'/admin/v1/rails'>>('/admin/v1/rails', 5000);
  if (rails.error) return <ProblemAlert problem={rails.error} />;
  if (!rails.data || rails.data.rails.length === 0) return null;
  return (
    <>
      {rails.data.rails.map((rail) => (
        <Section key={rail.name} title={`Rail ${rail.name}`}>
          <p class={rail.state === 'ok' ? 'small' : 'alert alert-info'} role="status">
            {STATE_TEXT[rail.state]}.{' '}
            {rail.backlog ? (
              // A rail without blocks (PIX): its work waiting instead of a chain's lag.
              <>
                Waiting: {rail.backlog['charges'] ?? 0} charge(s) to create,{' '}
                {rail.backlog['notifications'] ?? 0} webhook notification(s) to read back,{' '}
                {rail.backlog['refunds'] ?? 0} refund(s) not final; reconciliation window{' '}
                {Math.round((rail.backlog['windowLagMs'] ?? 0) / 1000)} s behind.
              </>
            ) : (
              <>
                Head {rail.head ?? '—'}, cursor {rail.cursor ?? '—'}, lag {rail.lagBlocks ?? '—'}{' '}
                blocks (seen <Time iso={rail.headSeenAt} />
                ).
              </>
            )}
          </p>
          <Waiting rail={rail} />
          {Object.entries(rail.jobs)
            .filter(([, runs]) => runs.failures > 0)
            .map(([job, runs]) => (
              <p key={job} class="small op-bad">
                {job}: {runs.failures} failed run(s), last <Time iso={runs.lastErrorAt} />:{' '}
                <code>{runs.lastError}</code>
              </p>
            ))}
          <Reconciliation rail={rail} />
        </Section>
      ))}
    </>
  );
}

function Waiting(props: { rail: Rail }) {
  const { waiting } = props.rail;
  const total = waiting.TOKENS + waiting.GAS + waiting.NO_KEY;
  if (total === 0) return null;
  return (
    <p class="alert alert-info" role="status">
      {total} payout(s) wait for the hot wallet: {waiting.TOKENS} for tokens, {waiting.GAS} for gas,{' '}
      {waiting.NO_KEY} for its key. They go once it is funded (docs/rails.md "Health").
    </p>
  );
}

function Reconciliation(props: { rail: Rail }) {
  const report = props.rail.reconciliation;
  if (!report) return <p class="small muted">No reconciliation yet.</p>;
  if (report.outcome === 'NOT_COMPARED')
    return (
      <p class="small">
        Reconciliation <Time iso={report.at} />: not compared ({report.reason}).
      </p>
    );
  if (report.pix) return <PixReport report={report} pix={report.pix} />;
  return (
    <TableWrap label="Newest reconciliation">
      <table>
        <caption>
          Reconciliation at block {report.block}, <Time iso={report.at} />: {report.outcome}
        </caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" class="right">
              Held on chain
            </th>
            <th scope="col" class="right">
              Expected
            </th>
            <th scope="col" class="right">
              Difference
            </th>
            <th scope="col" class="right">
              House (fees, desk)
            </th>
          </tr>
        </thead>
        <tbody>
          {report.assets.map((asset) => (
            <tr key={asset.asset}>
              <th scope="row">{asset.asset}</th>
              <td class="right num">{asset.held.total}</td>
              <td class="right num">{asset.expected}</td>
              <td class={`right num${asset.differenceMinor.startsWith('-') ? ' op-bad' : ''}`}>
                {asset.difference}
              </td>
              <td class="right num">{asset.ledger.house}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

type Report = NonNullable<Rail['reconciliation']>;

/** The PIX rail's daily report (docs/rails.md "Daily report"): totals, then each difference. */
function PixReport(props: { report: Report; pix: NonNullable<Report['pix']> }) {
  const { report, pix } = props;
  return (
    <TableWrap label="Newest PIX daily report">
      <table>
        <caption>
          PIX day {pix.day} (reported <Time iso={report.at} />
          ): {report.outcome}. The PSP received {pix.psp.received} in {pix.psp.count} Pix and
          refunded {pix.psp.refunded}; the ledger credited {pix.ledger.credited} and refunded{' '}
          {pix.ledger.refunded}; difference {pix.difference}.
        </caption>
        <thead>
          <tr>
            <th scope="col">Difference</th>
            <th scope="col">End-to-end id</th>
            <th scope="col" class="right">
              PSP
            </th>
            <th scope="col" class="right">
              Ledger
            </th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {pix.differences.map((d) => (
            <tr key={`${d.kind}:${d.endToEndId}:${d.devolucaoId ?? ''}`}>
              <th scope="row">{d.kind}</th>
              <td>
                <code>{d.endToEndId}</code>
              </td>
              <td class="right num">{d.psp ?? '—'}</td>
              <td class="right num">{d.ledger ?? '—'}</td>
              <td>{d.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
