import type { Tx } from '../../../db/transact.js';
import type { JobQueue } from '../../../jobs/index.js';
import { stringifyMoneyJson } from '../../../lib/money-json.js';
import { newId } from '../../../lib/ids.js';
import { assertInt64, type Asset } from '../../../lib/money.js';
import {
  announce,
  completeOperation,
  startProcessing,
} from '../../lifecycle/operations.lifecycle.js';
import { manualOperations } from '../../lifecycle/operation-scheduler.js';
import { findOperationById, insertOperation } from '../../operations.repository.js';
import { recordRequested, requestedRow } from '../../pipeline/record-requested.js';
import { parseDeposit, type DepositDetails, type OnChain } from './deposit.js';

/**
 * Deposits as a rail settles them (rails/, docs/rails.md "Money arriving"): money seen arriving
 * is matched to the deposit it pays, or becomes a deposit of its own; the deposit is PROCESSING
 * while the rail waits for the outside system to be final, and COMPLETED with what arrived once it
 * is. Each runs in the rail's transaction, with the rail's own record of the arrival.
 */
export interface ArrivalDeps {
  queue: JobQueue;
}

/** The account's oldest REQUESTED deposit of exactly this asset and amount, if any. */
export async function findAwaitingDeposit(
  tx: Tx,
  input: { accountId: string; asset: Asset; amount: bigint },
): Promise<string | undefined> {
  const row = await tx.trx
    .selectFrom('operations')
    .select('id')
    .where('account_id', '=', input.accountId)
    .where('type', '=', 'DEPOSIT')
    .where('status', '=', 'REQUESTED')
    .where('asset', '=', input.asset)
    .where('amount', '=', input.amount)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Money that arrived for no REQUESTED deposit: a deposit of its own, REQUESTED with the
 * instruction it was paid to (OPERATION_REQUESTED), for the rail to move on at once. No metadata,
 * no reference: the customer never asked for it.
 */
export async function openArrivedDeposit(
  tx: Tx,
  deps: ArrivalDeps,
  input: {
    customerId: string;
    accountId: string;
    asset: Asset;
    amount: bigint;
    fundingInstruction: DepositDetails['fundingInstruction'];
    expiresAt: number;
    at: number;
  },
): Promise<string> {
  assertInt64(input.amount);
  const id = newId('operation', input.at);
  const details: DepositDetails = {
    fundingInstruction: input.fundingInstruction,
    expiresAt: input.expiresAt,
    receivedAmount: null,
  };
  const row = requestedRow({
    id,
    customerId: input.customerId,
    accountId: input.accountId,
    type: 'DEPOSIT',
    asset: input.asset,
    amount: input.amount,
    details,
    metadata: {},
    externalReference: null,
    now: input.at,
  });
  await insertOperation(tx.trx, row);
  await recordRequested(tx, { queue: deps.queue, scheduler: manualOperations }, row);
  return id;
}

/**
 * The deposit's money was seen (not final yet): REQUESTED → PROCESSING, and where it was seen.
 * A deposit already PROCESSING (seen before, or seen again after a reorg) only gets `onChain`.
 * False when the deposit can no longer take it (COMPLETED, FAILED).
 */
export async function depositSeen(
  tx: Tx,
  deps: ArrivalDeps,
  operationId: string,
  onChain: OnChain,
  at: number,
): Promise<boolean> {
  await startProcessing(tx, deps, operationId, at);
  return setDepositOnChain(tx, operationId, onChain);
}

/** Where the deposit's money is now (null: its block was replaced and it waits to be seen again). */
export async function setDepositOnChain(
  tx: Tx,
  operationId: string,
  onChain: OnChain | null,
): Promise<boolean> {
  const row = await findOperationById(tx.trx, operationId);
  if (row?.type !== 'DEPOSIT' || row.status !== 'PROCESSING') return false;
  const details: DepositDetails = { ...parseDeposit(row.details), onChain };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details) })
    .where('id', '=', operationId)
    .where('status', '=', 'PROCESSING')
    .execute();
  return true;
}

/**
 * The deposit's BR Code, once the PSP made its charge (rails/pix): set on a deposit still
 * REQUESTED, with the event OPERATION_FUNDING_INSTRUCTION_READY. False when the deposit already
 * left REQUESTED (paid or expired meanwhile: no event for an instruction nobody can use).
 */
export async function setDepositBrCode(
  tx: Tx,
  deps: ArrivalDeps,
  operationId: string,
  brCode: string,
  at: number,
): Promise<boolean> {
  const row = await findOperationById(tx.trx, operationId);
  if (row?.type !== 'DEPOSIT' || row.status !== 'REQUESTED') return false;
  const d = parseDeposit(row.details);
  if (d.fundingInstruction.rail !== 'PIX' || d.fundingInstruction.brCode !== null) return false;
  const details: DepositDetails = { ...d, fundingInstruction: { ...d.fundingInstruction, brCode } };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details), updated_at: at })
    .where('id', '=', operationId)
    .where('status', '=', 'REQUESTED')
    .execute();
  await announce(tx, deps, row, 'OPERATION_FUNDING_INSTRUCTION_READY', at);
  return true;
}

/**
 * The money is final: PROCESSING → COMPLETED crediting `amount` (what arrived, which may differ
 * from what was asked), with the last `onChain`. False when it was not PROCESSING (a duplicate).
 */
export async function creditArrivedDeposit(
  tx: Tx,
  deps: ArrivalDeps,
  operationId: string,
  input: { amount: bigint; at: number } & ({ onChain: OnChain } | { endToEndId: string }),
): Promise<boolean> {
  if (!(assertInt64(input.amount) > 0n)) throw new RangeError('a credited amount is above zero');
  const row = await findOperationById(tx.trx, operationId);
  if (row?.type !== 'DEPOSIT' || row.status !== 'PROCESSING') return false;
  const details: DepositDetails = {
    ...parseDeposit(row.details),
    receivedAmount: input.amount,
    ...('onChain' in input ? { onChain: input.onChain } : { endToEndId: input.endToEndId }),
  };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details) })
    .where('id', '=', operationId)
    .execute();
  return completeOperation(tx, deps, operationId, input.at);
}
