import type { Tx } from '../../../db/transact.js';
import { stringifyMoneyJson } from '../../../lib/money-json.js';
import { findOperationById } from '../../operations.repository.js';
import type { OperationRow } from '../../operations.table.js';
import type { OnChain } from '../shared/on-chain.js';
import { parseWithdrawal, type WithdrawalDetails } from './withdrawal.js';

/** Where a withdrawal to a crypto wallet pays out: the instruction as it was when requested. */
export interface CryptoPayout {
  network: string;
  /** As the instruction stores it (EIP-55 for EVM networks). */
  address: string;
}

/** The wallet a withdrawal pays, when it pays one (a PIX or bank withdrawal does not). */
export function cryptoPayoutOf(row: OperationRow): CryptoPayout | undefined {
  if (row.type !== 'WITHDRAWAL') return undefined;
  const instruction = parseWithdrawal(row.details).beneficiary.paymentInstruction;
  const { network, address } = instruction;
  if (instruction.rail !== 'CRYPTO_WALLET' || !network || !address) return undefined;
  return { network, address };
}

/** Where the withdrawal's payout was mined (rails/evm); only while it is not final. */
export async function setWithdrawalOnChain(
  tx: Tx,
  operationId: string,
  onChain: OnChain | null,
): Promise<void> {
  const row = await findOperationById(tx.trx, operationId);
  if (row?.type !== 'WITHDRAWAL' || row.status !== 'PROCESSING') return;
  const details: WithdrawalDetails = { ...parseWithdrawal(row.details), onChain };
  await tx.trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details) })
    .where('id', '=', operationId)
    .where('status', '=', 'PROCESSING')
    .execute();
}
