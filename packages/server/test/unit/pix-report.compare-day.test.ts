import { describe, expect, it } from 'vitest';
import { compareDay } from '../../src/rails/pix/report/compare-day.js';
import type { LedgerDay, LedgerPix } from '../../src/rails/pix/report/ledger-day.js';
import type { LedgerRefund } from '../../src/rails/pix/report/ledger-refunds.js';
import { spiDay } from '../../src/rails/pix/report/spi-day.js';
import type { PspReceivedPix, PspRefund } from '../../src/rails/pix/psp/api-pix.js';

const day = spiDay('2026-11-20')!;
const noon = day.start + 12 * 3_600_000;
const e2e = (n: number) => `E12345678202611201500${String(n).padStart(11, '0')}`;

const pix = (n: number, valor: string, devolucoes: Partial<PspRefund>[] = []): PspReceivedPix => ({
  endToEndId: e2e(n),
  txid: `TX${n}`,
  valor,
  horario: new Date(noon).toISOString(),
  infoPagador: undefined,
  devolucoes: devolucoes.map((d) => ({
    id: 'X',
    rtrId: `D${e2e(n).slice(1)}`,
    valor: '1.00',
    status: 'DEVOLVIDO',
    natureza: 'ORIGINAL',
    motivo: undefined,
    solicitacao: undefined,
    liquidacao: undefined,
    ...d,
  })),
});
const row = (n: number, amount: bigint, fields: Partial<LedgerPix> = {}): LedgerPix => ({
  endToEndId: e2e(n),
  txid: `TX${n}`,
  amount,
  horario: noon,
  outcome: 'CREDITED',
  operationId: `op_${n}`,
  depositStatus: 'COMPLETED',
  ...fields,
});
const refund = (n: number, id: string, amount: bigint, status = 'COMPLETED'): LedgerRefund => ({
  operationId: `op_R${id}`,
  endToEndId: e2e(n),
  devolucaoId: id,
  amount,
  status,
});
const compare = (psp: PspReceivedPix[], rows: LedgerPix[], refunds: LedgerRefund[] = []) => {
  const ledger: LedgerDay = {
    received: new Map(rows.map((r) => [r.endToEndId, r])),
    refunds,
    windowReadTo: day.end,
  };
  return compareDay(new Map(psp.map((p) => [p.endToEndId, p])), ledger, day);
};
const kinds = (c: ReturnType<typeof compare>) =>
  c.differences.map((d) => [d.kind, d.endToEndId, d.devolucaoId]);

describe('the PIX daily comparison', () => {
  it('finds nothing when every Pix and refund agrees, and sums both sides', () => {
    const c = compare(
      [pix(1, '10.00', [{ id: 'R1', valor: '4.00' }]), pix(2, '0.50')],
      [row(1, 1000n), row(2, 50n)],
      [refund(1, 'R1', 400n)],
    );
    expect(c).toEqual({
      psp: { count: 2, received: '10.50', refunded: '4.00' },
      ledger: { count: 2, recorded: '10.50', credited: '10.50', refunded: '4.00' },
      difference: '0.00',
      differenceMinor: '0',
      differences: [],
    });
  });

  it('names a Pix cofre recorded in the day that the PSP does not list, and one of another amount', () => {
    const c = compare([pix(1, '10.00')], [row(1, 999n), row(2, 700n)]);
    expect(kinds(c)).toEqual([
      ['AMOUNT_DIFFERS', e2e(1), null],
      ['IN_LEDGER_NOT_IN_PSP', e2e(2), null],
    ]);
    expect(c.difference).toBe('-6.99'); // 10.00 at the PSP, 9.99 + 7.00 in balances
  });

  it('counts a Pix credited to a deposit that did not complete as not credited', () => {
    const c = compare([pix(1, '10.00')], [row(1, 1000n, { depositStatus: 'PROCESSING' })]);
    expect(kinds(c)).toEqual([['NOT_CREDITED', e2e(1), null]]);
    expect(c.differences[0]!.detail).toMatch(/PROCESSING/);
    expect(c.ledger.credited).toBe('0.00');
  });

  it('tells a MED return cofre never asked for from a refund of cofre done on one side only', () => {
    const c = compare(
      [
        pix(1, '10.00', [
          { id: 'MED1', valor: '10.00', natureza: 'MED_FRAUDE' },
          { id: 'R2', valor: '2.00' },
          { id: 'R3', valor: '1.00', status: 'EM_PROCESSAMENTO' },
        ]),
      ],
      [row(1, 1000n)],
      [refund(1, 'R2', 200n, 'PROCESSING'), refund(1, 'R3', 100n)],
    );
    expect(kinds(c)).toEqual([
      ['UNREQUESTED_REFUND', e2e(1), 'MED1'],
      ['REFUND_DIFFERS', e2e(1), 'R2'],
      ['REFUND_DIFFERS', e2e(1), 'R3'],
    ]);
    expect(c.differences[0]!.detail).toMatch(/MED_FRAUDE/);
    expect(c.psp.refunded).toBe('12.00');
    expect(c.ledger.refunded).toBe('1.00');
  });
});
