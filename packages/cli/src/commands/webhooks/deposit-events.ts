import type { Operation } from '@cofre/sdk';
import type { WebhookEvent } from '@cofre/sdk/webhooks';
import { randomUUID } from 'node:crypto';
import { testId } from './test-ids.js';

/** The operation events the grader sends: a deposit's first and last (docs/api.md "Deposits"). */
export type DepositEventType = 'OPERATION_REQUESTED' | 'OPERATION_COMPLETED';

/** A made-up sandbox deposit the grader's events are about: fresh ids for every case. */
export interface TestDeposit {
  id: string;
  accountId: string;
  /** Epoch ms the deposit was requested. */
  createdMs: number;
}

const AMOUNT = '125.00';
/** Production's funding instructions last 30 minutes (docs/api.md "Deposits"). */
const FUNDING_TTL_MS = 30 * 60_000;

/** A deposit requested at `createdMs`, with ids in the server's format (`op_…`, `acc_…`). */
export function newDeposit(createdMs: number): TestDeposit {
  return { id: testId('op', createdMs), accountId: testId('acc', createdMs), createdMs };
}

/**
 * The exact body cofre delivers for an event of the deposit at `atMs`, serialised as the server
 * writes it (record-event.ts: `JSON.stringify({id, type, resource, atTime, data})`, compact, in
 * that key order), with `data` the operation as `GET /v1/operations/{id}` shows it then. The
 * event id is time-sortable, so a later event's id sorts after an earlier one's, as on a server.
 */
export function depositEventBody(type: DepositEventType, deposit: TestDeposit, atMs: number) {
  // Typed by the SDK's types, generated from the server's OpenAPI document: a field the server
  // adds to, renames in or removes from the operation fails the build here.
  const event: WebhookEvent = {
    id: testId('evt', atMs),
    type,
    resource: 'OPERATION',
    atTime: new Date(atMs).toISOString(),
    data: depositSnapshot(deposit, type === 'OPERATION_COMPLETED' ? atMs : null),
  };
  return JSON.stringify(event);
}

type DepositOperation = Extract<Operation, { type: 'DEPOSIT' }>;

/** The deposit as the API shows it: REQUESTED, or COMPLETED at `completedMs`. */
function depositSnapshot(deposit: TestDeposit, completedMs: number | null): DepositOperation {
  const created = new Date(deposit.createdMs).toISOString();
  const state = (status: DepositOperation['status'], ms: number) => ({
    status,
    reason: null,
    at: new Date(ms).toISOString(),
  });
  const key = randomUUID();
  return {
    id: deposit.id,
    type: 'DEPOSIT',
    status: completedMs === null ? 'REQUESTED' : 'COMPLETED',
    accountId: deposit.accountId,
    asset: 'BRL',
    amount: AMOUNT,
    fees: [],
    reason: null,
    states:
      completedMs === null
        ? [state('REQUESTED', deposit.createdMs)]
        : [
            state('REQUESTED', deposit.createdMs),
            state('PROCESSING', completedMs),
            state('COMPLETED', completedMs),
          ],
    metadata: {},
    externalReference: null,
    createdAt: created,
    updatedAt: new Date(completedMs ?? deposit.createdMs).toISOString(),
    fundingInstruction: {
      rail: 'PIX',
      keyType: 'EVP',
      key,
      brCode: brCode(key, AMOUNT, deposit.id.slice(-25)),
      expiresAt: new Date(deposit.createdMs + FUNDING_TTL_MS).toISOString(),
    },
    receivedAmount: completedMs === null ? null : AMOUNT,
    quoteId: null,
    conversion: null,
    refundedAmount: '0.00',
    reversedBy: null,
    onChain: null,
    endToEndId: null,
  };
}

/**
 * The PIX copy-and-paste of a deposit (BCB "Manual de Padrões para Iniciação do Pix", Anexo I:
 * TLV fields, then `6304` and the CRC16-CCITT of everything before it), as the sandbox makes it.
 */
function brCode(key: string, amount: string, txid: string): string {
  const field = (id: string, value: string) =>
    `${id}${String(value.length).padStart(2, '0')}${value}`;
  const body =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount) +
    field('58', 'BR') +
    field('59', 'COFRE') +
    field('60', 'SAO PAULO') +
    field('62', field('05', txid)) +
    '6304';
  let crc = 0xffff;
  for (let i = 0; i < body.length; i++) {
    crc ^= body.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return body + crc.toString(16).toUpperCase().padStart(4, '0');
}
