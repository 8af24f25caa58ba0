import { must } from '../../api/http.js';
import { CopyButton, Empty, Loading, ProblemAlert } from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';

/**
 * GET /v1/accounts/{id}/fundingInstructions: where to pay in, one standing instruction per ACTIVE
 * asset (a PIX key and copy-and-paste code without amount for BRL, an address for crypto). Read
 * again when an asset becomes ACTIVE.
 */
export function FundingInstructions(props: { accountId: string; activeAssets: string[] }) {
  const api = useApi();
  const active = props.activeAssets.join(',');
  const list = useAsync(
    () =>
      must(
        api.GET('/v1/accounts/{accountId}/fundingInstructions', {
          params: { path: { accountId: props.accountId } },
        }),
      ),
    [api, props.accountId, active],
  );
  if (list.error) return <ProblemAlert problem={list.error} />;
  if (!list.data) return <Loading what="funding instructions" />;
  if (list.data.data.length === 0) {
    return <Empty>None yet: each asset gets its instruction once it is ACTIVE.</Empty>;
  }
  return (
    <ul class="money-cards">
      {list.data.data.map((f) => (
        <li key={f.asset}>
          <FundingCard instruction={f} />
        </li>
      ))}
    </ul>
  );
}

/** A standing instruction (with its asset) or a deposit's (for its amount, with an expiry). */
export type Funding =
  | { rail: 'PIX'; keyType: string; key: string; brCode: string | null; asset?: string }
  | { rail: 'CRYPTO'; network: string; address: string; asset?: string };

export function FundingCard(props: { instruction: Funding }) {
  const f = props.instruction;
  if (f.rail === 'PIX') {
    return (
      <dl class="money-funding">
        <div>
          <dt>
            {f.asset ? `${f.asset} by PIX` : 'PIX'} key (
            {f.keyType === 'EVP' ? 'random, EVP' : f.keyType})
          </dt>
          <dd>
            <code class="money-wrap">{f.key}</code>{' '}
            <CopyButton
              value={f.key}
              label={`Copy the PIX key${f.asset ? ` for ${f.asset}` : ''}`}
            />
          </dd>
        </div>
        <div>
          <dt>PIX copy-and-paste code</dt>
          <dd>
            {f.brCode === null ? (
              // The PIX rail: a deposit's code comes from the PSP a moment after the request
              // (OPERATION_FUNDING_INSTRUCTION_READY); the standing instruction has none.
              <span>
                {f.asset
                  ? 'None: pay BRL with a deposit’s own code (request a deposit).'
                  : 'Being made by the PIX provider; it shows here in a moment.'}
              </span>
            ) : (
              <>
                <code class="money-wrap">{f.brCode}</code>{' '}
                <CopyButton value={f.brCode} label="Copy the PIX copy-and-paste code" />
              </>
            )}
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <dl class="money-funding">
      <div>
        <dt>
          {f.asset ?? 'Crypto'} address on {f.network}
        </dt>
        <dd>
          <code class="money-wrap">{f.address}</code>{' '}
          <CopyButton value={f.address} label={`Copy the ${f.asset ?? ''} address`} />
        </dd>
      </div>
    </dl>
  );
}
