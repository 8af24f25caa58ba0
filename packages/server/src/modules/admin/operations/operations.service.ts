import type { Db } from '../../../db/database.js';
import type { Tx } from '../../../db/transact.js';
import type { Clock } from '../../../lib/clock.js';
import { parseAmount } from '../../../lib/money.js';
import type { JobQueue } from '../../../jobs/index.js';
import {
  completeOperation,
  failOperation,
  operationForLifecycle,
  receiveDeposit,
  reverseOperation,
  startProcessing,
  type OperatorGuard,
  type OperatorStep,
} from '../../../operations/index.js';
import { audited, auditedMove, type ActionContext } from '../audited.js';
import { operationOr404, type OperatorOperationView } from './operation-view.js';

type Reason = { code: string; message: string };

const STEPS = {
  DEPOSIT_RECEIVED: 'receive',
  OPERATION_COMPLETED: 'complete',
  OPERATION_FAILED: 'fail',
} as const satisfies Record<string, OperatorStep>;

/**
 * The back-office's operations (docs/admin.md "Operations (deposits and withdrawals)",
 * "Reversals"): each step through operations.lifecycle.ts, like the sandbox simulator's.
 */
export class OperationsAdmin {
  constructor(
    private readonly deps: { db: Db; clock: Clock; queue: JobQueue; guard: OperatorGuard },
  ) {}

  get(operationId: string): Promise<OperatorOperationView> {
    return operationOr404(this.deps.db, operationId);
  }

  /**
   * The deposit's money arrived: REQUESTED → PROCESSING → COMPLETED, crediting `amount` when
   * given (what actually arrived, shown as `receivedAmount`), else the requested amount.
   */
  receiveDeposit(ctx: ActionContext, operationId: string, input: { amount?: string | undefined }) {
    return this.move(ctx, operationId, 'DEPOSIT_RECEIVED', async (tx, at, before) => {
      const { operation } = before;
      if (operation.type !== 'DEPOSIT') {
        return `Operation ${operationId} is a ${operation.type}; only a DEPOSIT can be received (use /complete).`;
      }
      // Checked before the state so a malformed amount is a 400 whatever the state.
      const amount =
        input.amount === undefined ? undefined : parseAmount(input.amount, operation.asset);
      // A quoted deposit converts exactly its quote's source amount (docs/admin.md "Operations").
      const quoted = operation.quoteId !== null && amount !== undefined;
      if (quoted && amount !== parseAmount(operation.amount, operation.asset)) {
        return `Deposit ${operationId} converts exactly ${operation.amount} ${operation.asset} at the rate of quote ${operation.quoteId}; it cannot be received with another amount. Fail it and return the funds outside cofre.`;
      }
      const moved = await receiveDeposit(tx, { queue: this.deps.queue }, operationId, {
        ...(amount === undefined ? {} : { amount }),
        at,
      });
      return moved ? undefined : `Deposit ${operationId} is ${operation.status}, not REQUESTED.`;
    });
  }

  /**
   * A withdrawal was paid out: REQUESTED → PROCESSING (its end-to-end id) → COMPLETED, or
   * PROCESSING → COMPLETED, in one transaction; the hold is captured. A deposit is completed
   * by /receive instead, which records what arrived.
   */
  complete(ctx: ActionContext, operationId: string) {
    return this.move(ctx, operationId, 'OPERATION_COMPLETED', async (tx, at, before) => {
      const { operation } = before;
      if (operation.type === 'DEPOSIT') {
        return `Deposit ${operationId} is completed by /receive, which credits what arrived.`;
      }
      const deps = { queue: this.deps.queue };
      const processing =
        operation.status === 'PROCESSING' ||
        (operation.status === 'REQUESTED' && (await startProcessing(tx, deps, operationId, at)));
      const moved = processing && (await completeOperation(tx, deps, operationId, at));
      return moved ? undefined : `Operation ${operationId} is ${operation.status}.`;
    });
  }

  /** REQUESTED | PROCESSING → FAILED with `reason`: a withdrawal's hold is released, a deposit credits nothing. */
  fail(ctx: ActionContext, operationId: string, reason: Reason) {
    return this.move(ctx, operationId, 'OPERATION_FAILED', async (tx, at, before) =>
      (await failOperation(tx, { queue: this.deps.queue }, operationId, reason, at))
        ? undefined
        : `Operation ${operationId} is ${before.operation.status}.`,
    );
  }

  /**
   * Reverses a COMPLETED deposit or withdrawal as a new REVERSAL operation, completed at once
   * (docs/admin.md "Reversals"). The audit row's subject is the original; its `after` holds the
   * original as marked (`reversedBy`) and the reversal. Answers the reversal.
   */
  reverse(ctx: ActionContext, operationId: string, reason: Reason): Promise<OperatorOperationView> {
    const audit = { action: 'OPERATION_REVERSED', subjectType: 'OPERATION' } as const;
    return audited(this.deps, ctx, audit, async (tx, at) => {
      const before = await operationOr404(tx.trx, operationId);
      const deps = { queue: this.deps.queue };
      const reversalId = await reverseOperation(tx, deps, { operationId, reason, at });
      const after = await operationOr404(tx.trx, operationId);
      const reversal = await operationOr404(tx.trx, reversalId);
      return {
        subjectId: operationId,
        before,
        after: { ...after, reversal: reversal.operation },
        result: reversal,
      };
    });
  }

  /** `change` answers undefined when it moved the operation, or why it could not (→ 409). */
  private move(
    ctx: ActionContext,
    operationId: string,
    action: 'DEPOSIT_RECEIVED' | 'OPERATION_COMPLETED' | 'OPERATION_FAILED',
    change: (tx: Tx, at: number, before: OperatorOperationView) => Promise<string | undefined>,
  ): Promise<OperatorOperationView> {
    const step = STEPS[action];
    return auditedMove(
      this.deps,
      ctx,
      { action, subjectType: 'OPERATION' },
      { id: operationId, read: (trx) => operationOr404(trx, operationId) },
      async (tx, at, before) => {
        // A rail settles its own operations; by hand they would be credited or paid twice.
        const row = await operationForLifecycle(tx, operationId);
        const refused = row && (await this.deps.guard(tx, row, step));
        return refused ?? change(tx, at, before);
      },
    );
  }
}
