import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../../lib/schema.js';
import { PIX_DIFFERENCE_KINDS } from '../../../rails/index.js';

const Brl = (description: string) => Type.String({ description });
const BrlOrNull = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description });

const PixDifference = Type.Object({
  kind: StringEnum(PIX_DIFFERENCE_KINDS, {
    description:
      'IN_PSP_NOT_IN_LEDGER, IN_LEDGER_NOT_IN_PSP, AMOUNT_DIFFERS, NOT_CREDITED (recorded, no balance holds it), REFUND_DIFFERS, UNREQUESTED_REFUND (a devolução cofre did not ask for, e.g. MED).',
  }),
  endToEndId: Type.String({ description: 'The Pix the difference is about.' }),
  psp: BrlOrNull("The PSP's amount (the Pix's or the devolução's); null when the PSP has none."),
  ledger: BrlOrNull("cofre's amount; null when cofre recorded none."),
  devolucaoId: Type.Union([Type.String(), Type.Null()], {
    description: 'The devolução a refund difference is about.',
  }),
  operationId: Type.Union([Type.String(), Type.Null()], {
    description: 'The deposit credited, or the refund operation.',
  }),
  detail: Type.String(),
});

/** The PIX rail's daily report in the back-office (rails/pix/report/pix-day-report.ts). */
export const PixDayReport = Type.Object(
  {
    day: Type.String({ description: 'The SPI day, YYYY-MM-DD in America/Sao_Paulo (UTC−03:00).' }),
    from: Type.String({ format: 'date-time', description: "GET /pix's inicio for the day." }),
    to: Type.String({ format: 'date-time', description: "GET /pix's fim (inclusive)." }),
    psp: Type.Object({
      count: Type.Integer(),
      received: Brl('Σ the Pix the PSP lists for the day.'),
      refunded: Brl('Σ their devoluções DEVOLVIDO.'),
    }),
    ledger: Type.Object({
      count: Type.Integer(),
      recorded: Brl('Σ the Pix cofre recorded.'),
      credited: Brl('Σ those credited to a deposit that completed.'),
      refunded: Brl('Σ the refunds of them cofre completed.'),
    }),
    difference: Brl(
      '(psp.received − psp.refunded) − (ledger.credited − ledger.refunded); positive: money at the PSP no balance holds.',
    ),
    differenceMinor: Type.String({ description: 'The difference in centavos (an integer).' }),
    windowReadTo: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'How far the reconciliation window had read the PSP when the report ran.',
    }),
    differences: Type.Array(PixDifference, { description: 'Every difference, by endToEndId.' }),
  },
  { description: 'PIX: the daily report (absent for other rails and when NOT_COMPARED).' },
);
