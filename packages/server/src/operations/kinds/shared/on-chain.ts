import { Type } from '@sinclair/typebox';

/**
 * A transfer on a chain as an operation shows it (docs/rails.md): a deposit's incoming transfer,
 * a withdrawal's payout. `confirmations` is head − block + 1 when the rail last looked, counted
 * until the operation is final.
 */
export interface OnChain {
  network: string;
  transactionHash: string;
  logIndex: number;
  blockNumber: number;
  confirmations: number;
}

export const OnChainSchema = Type.Object(
  {
    network: Type.String({ examples: ['ETHEREUM'] }),
    transactionHash: Type.String({ pattern: '^0x[0-9a-f]{64}$' }),
    logIndex: Type.Integer({ minimum: 0 }),
    blockNumber: Type.Integer({ minimum: 0 }),
    confirmations: Type.Integer({
      minimum: 0,
      description: 'head − blockNumber + 1 when the rail last looked; counted until final.',
    }),
  },
  { title: 'OnChain' },
);

/** The `onChain` field of an operation view: where a chain rail saw it, or null. */
export const onChainField = (description: string) =>
  Type.Union([OnChainSchema, Type.Null()], { description });
