import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../../lib/money.js';
import { Operation } from '../../../operations/index.js';
import { Id, strict } from '../admin.schemas.js';

export const OperationParams = Type.Object({ operationId: Id });

/**
 * Marks a deposit received. `amount` is what actually arrived and is credited (shown as the
 * operation's `receivedAmount`); without it, the requested amount. Same rules as every amount.
 */
export const ReceiveDepositBody = Type.Object(
  {
    amount: Type.Optional(
      AmountString({
        description:
          "What arrived and is credited, when it differs from the requested amount (decimal string, the asset's rules). Defaults to the requested amount.",
        examples: ['99.50'],
      }),
    ),
  },
  { ...strict, examples: [{ amount: '99.50' }] },
);
export type ReceiveDepositBody = Static<typeof ReceiveDepositBody>;

/** The customer API's own view, with whose it is (an operator reads across customers). */
export const OperatorOperation = Type.Object({
  customerId: Type.String(),
  operation: Type.Ref(Operation),
});
