import type { PspReceivedPix, PspRefund } from '../psp/api-pix.js';
import { minorOf, valorOf } from '../pix-values.js';
import type { LedgerDay, LedgerPix } from './ledger-day.js';
import type { LedgerRefund } from './ledger-refunds.js';
import type { PixDayReport, PixDifference } from './pix-day-report.js';

/** The report's figures and differences, before it is dated and stored. */
export type DayComparison = Pick<
  PixDayReport,
  'psp' | 'ledger' | 'difference' | 'differenceMinor' | 'differences'
>;

const CREDITED_OUTCOMES = new Set(['CREDITED', 'OWN_DEPOSIT']);
const minor = (valor: string) => minorOf(valor) ?? 0n;
const signed = (value: bigint) => (value < 0n ? `-${valorOf(-value)}` : valorOf(value));

/**
 * Compares the PSP's Pix of a day with cofre's records of them (pure). Every Pix is matched by
 * its endToEndId, every devolução by its id; a Pix cofre recorded in the day that the PSP does not
 * list, and one the PSP lists that cofre never recorded, are differences too. `windowReadTo`
 * only words a detail: a Pix after it may still be credited by the window.
 */
export function compareDay(
  psp: ReadonlyMap<string, PspReceivedPix>,
  ledger: LedgerDay,
  bounds: { start: number; end: number },
): DayComparison {
  const differences: PixDifference[] = [];
  const totals = { pspReceived: 0n, pspRefunded: 0n, recorded: 0n, credited: 0n, refunded: 0n };
  let recordedCount = 0;
  const refundsOf = groupRefunds(ledger.refunds);
  for (const pix of psp.values()) {
    totals.pspReceived += minor(pix.valor);
    totals.pspRefunded += returned(pix.devolucoes);
    const row = ledger.received.get(pix.endToEndId);
    if (!row) {
      differences.push(missingInLedger(pix, ledger.windowReadTo));
      continue;
    }
    differences.push(...comparePix(pix, row));
    differences.push(...compareRefunds(pix, refundsOf.get(pix.endToEndId) ?? []));
  }
  for (const row of ledger.received.values()) {
    const inDay = row.horario >= bounds.start && row.horario < bounds.end;
    if (!inDay && !psp.has(row.endToEndId)) continue;
    recordedCount++;
    totals.recorded += row.amount;
    if (isCredited(row)) totals.credited += row.amount;
    for (const refund of refundsOf.get(row.endToEndId) ?? [])
      if (refund.status === 'COMPLETED') totals.refunded += refund.amount;
    if (!psp.has(row.endToEndId)) differences.push(missingAtPsp(row));
  }
  const net = totals.pspReceived - totals.pspRefunded - (totals.credited - totals.refunded);
  return {
    psp: {
      count: psp.size,
      received: valorOf(totals.pspReceived),
      refunded: valorOf(totals.pspRefunded),
    },
    ledger: {
      count: recordedCount,
      recorded: valorOf(totals.recorded),
      credited: valorOf(totals.credited),
      refunded: valorOf(totals.refunded),
    },
    difference: signed(net),
    differenceMinor: net.toString(),
    differences,
  };
}

const isCredited = (row: LedgerPix) =>
  CREDITED_OUTCOMES.has(row.outcome) && row.depositStatus === 'COMPLETED';

/** What the PSP returned of a Pix: its devoluções that reached DEVOLVIDO. */
const returned = (devolucoes: readonly PspRefund[]) =>
  devolucoes.filter((d) => d.status === 'DEVOLVIDO').reduce((sum, d) => sum + minor(d.valor), 0n);

function groupRefunds(refunds: readonly LedgerRefund[]): Map<string, LedgerRefund[]> {
  const byPix = new Map<string, LedgerRefund[]>();
  for (const r of refunds) byPix.set(r.endToEndId, [...(byPix.get(r.endToEndId) ?? []), r]);
  return byPix;
}

const difference = (
  fields: Omit<PixDifference, 'devolucaoId' | 'operationId'> &
    Partial<Pick<PixDifference, 'devolucaoId' | 'operationId'>>,
): PixDifference => ({ devolucaoId: null, operationId: null, ...fields });

function missingInLedger(pix: PspReceivedPix, windowReadTo: number | null): PixDifference {
  const at = Date.parse(pix.horario);
  const unread = windowReadTo === null || at > windowReadTo;
  return difference({
    kind: 'IN_PSP_NOT_IN_LEDGER',
    endToEndId: pix.endToEndId,
    psp: pix.valor,
    ledger: null,
    detail:
      `The PSP received ${pix.valor} at ${pix.horario}${pix.txid ? ` (txid ${pix.txid})` : ' (no txid)'} and cofre has no record of it` +
      (unread
        ? ': the reconciliation window has not read that far yet and will credit it.'
        : ': no webhook or window run recorded it; nobody was credited.'),
  });
}

function missingAtPsp(row: LedgerPix): PixDifference {
  return difference({
    kind: 'IN_LEDGER_NOT_IN_PSP',
    endToEndId: row.endToEndId,
    psp: null,
    ledger: valorOf(row.amount),
    operationId: row.operationId,
    detail: `cofre recorded ${valorOf(row.amount)} (${row.outcome}) at ${new Date(row.horario).toISOString()}; the PSP does not list this Pix for the day.`,
  });
}

/** The Pix itself: its amount, and whether its money reached a balance. */
function comparePix(pix: PspReceivedPix, row: LedgerPix): PixDifference[] {
  const found: PixDifference[] = [];
  const recorded = valorOf(row.amount);
  const base = { endToEndId: pix.endToEndId, psp: pix.valor, ledger: recorded };
  if (minor(pix.valor) !== row.amount) {
    found.push(
      difference({
        ...base,
        kind: 'AMOUNT_DIFFERS',
        operationId: row.operationId,
        detail: `The PSP says ${pix.valor}, cofre recorded ${recorded}.`,
      }),
    );
  }
  if (!isCredited(row)) {
    found.push(
      difference({
        ...base,
        kind: 'NOT_CREDITED',
        operationId: row.operationId,
        detail: whyNotCredited(row),
      }),
    );
  }
  return found;
}

function whyNotCredited(row: LedgerPix): string {
  if (row.outcome === 'UNATTRIBUTED')
    return 'Paid to the house key without a txid: the money is at the PSP and no balance holds it.';
  if (row.outcome === 'UNKNOWN_TXID')
    return `Its txid ${row.txid ?? ''} names no charge of cofre: the money is at the PSP and no balance holds it.`;
  return `Recorded as ${row.outcome} to ${row.operationId ?? 'no deposit'}, which is ${row.depositStatus ?? 'missing'}, not COMPLETED.`;
}

/** Its devoluções: DEVOLVIDO at the PSP against cofre's refunds, matched by devolução id. */
function compareRefunds(pix: PspReceivedPix, refunds: readonly LedgerRefund[]): PixDifference[] {
  const found: PixDifference[] = [];
  const ours = new Map(refunds.map((r) => [r.devolucaoId, r]));
  const done = pix.devolucoes.filter((d) => d.status === 'DEVOLVIDO');
  for (const d of done) {
    const refund = ours.get(d.id);
    const base = { endToEndId: pix.endToEndId, psp: d.valor, devolucaoId: d.id };
    if (!refund) {
      found.push(
        difference({
          ...base,
          kind: 'UNREQUESTED_REFUND',
          ledger: null,
          detail: `The PSP returned ${d.valor} (natureza ${d.natureza ?? 'ORIGINAL'}${d.motivo ? `: ${d.motivo}` : ''}) that cofre did not request; the customer's balance still holds it.`,
        }),
      );
    } else if (refund.status !== 'COMPLETED' || refund.amount !== minor(d.valor)) {
      found.push(
        difference({
          ...base,
          kind: 'REFUND_DIFFERS',
          ledger: valorOf(refund.amount),
          operationId: refund.operationId,
          detail: `The PSP returned ${d.valor}; cofre's refund ${refund.operationId} of ${valorOf(refund.amount)} is ${refund.status}.`,
        }),
      );
    }
  }
  for (const refund of refunds) {
    if (refund.status !== 'COMPLETED' || done.some((d) => d.id === refund.devolucaoId)) continue;
    const atPsp = pix.devolucoes.find((d) => d.id === refund.devolucaoId);
    found.push(
      difference({
        kind: 'REFUND_DIFFERS',
        endToEndId: pix.endToEndId,
        psp: atPsp?.valor ?? null,
        ledger: valorOf(refund.amount),
        devolucaoId: refund.devolucaoId,
        operationId: refund.operationId,
        detail: `cofre completed refund ${refund.operationId} of ${valorOf(refund.amount)}; the PSP shows it ${atPsp ? atPsp.status : 'not at all'}.`,
      }),
    );
  }
  return found;
}
