import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transact.js';
import type { Clock } from '../../lib/clock.js';
import type { CursorBinding, CursorCodec } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { parseAmount } from '../../lib/money.js';
import { buildPage, listScope, planPage, type PageResult } from '../../lib/pagination.js';
import type { JobQueue } from '../../jobs/index.js';
import { activateAsset, failAsset, setAccountFrozen } from '../accounts/index.js';
import { approve, reject } from '../beneficiaries/index.js';
import {
  clientMachine,
  updateClientStatus,
  insertCustomerWithClient,
  issueApiClient,
  rotateClientSecret,
  type IssuedCredentials,
} from '../customers/index.js';
import {
  completeOperation,
  failOperation,
  receiveDeposit,
  reverseOperation,
  startProcessing,
} from '../../operations/index.js';
import { moveState } from '../../lib/state-machine.js';
import { listClientsForOperator } from './admin.repository.js';
import type {
  AuditEntry,
  AuditLogQuery,
  OperatorClient,
  OperatorCustomer,
} from './admin.schemas.js';
import { listAdminActions } from './admin-actions.repository.js';
import { audited, type ActionContext } from './audited.js';
import {
  accountOr404,
  clientOr404,
  customerOr404,
  instructionOr404,
  operationOr404,
  OPERATOR_CURSOR_OWNER,
  toAuditEntry,
  toOperatorClient,
  type OperatorAccountView,
  type OperatorInstructionView,
  type OperatorOperationView,
} from './admin-views.js';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  cursors: CursorCodec;
  config: Config;
}

const invalidState = (detail: string) => new AppError('INVALID_STATE', { detail });

/**
 * The back-office (docs/admin.md): every action goes through `audited`, so it and its audit row
 * commit together, and calls the same `*.lifecycle.ts` functions as the sandbox simulator. Reads
 * cross customers on purpose (admin.repository.ts, `…ForOperator`).
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  // --- customers and API clients ---------------------------------------------------------

  createCustomer(ctx: ActionContext, input: { name: string }): Promise<IssuedCredentials> {
    const environment = this.deps.config.environment;
    return audited(
      this.deps,
      ctx,
      { action: 'CUSTOMER_CREATED', subjectType: 'CUSTOMER' },
      async (tx, at) => {
        const issued = await insertCustomerWithClient(
          tx.trx,
          { name: input.name, environment },
          at,
        );
        const customer = await customerOr404(tx.trx, issued.customerId);
        const client = await clientOr404(tx.trx, issued.clientId);
        return {
          subjectId: issued.customerId,
          before: null,
          after: { customer, clients: [client] },
          result: issued,
        };
      },
    );
  }

  createClient(ctx: ActionContext, customerId: string, input: { name?: string | undefined }) {
    const environment = this.deps.config.environment;
    return audited(
      this.deps,
      ctx,
      { action: 'CLIENT_CREATED', subjectType: 'CLIENT' },
      async (tx, at) => {
        const customer = await customerOr404(tx.trx, customerId);
        const name = input.name ?? customer.name;
        const { clientId, clientSecret } = await issueApiClient(
          tx.trx,
          customerId,
          { name, environment },
          at,
        );
        const after = await clientOr404(tx.trx, clientId);
        return {
          subjectId: clientId,
          before: null,
          after,
          result: { customerId, clientId, clientSecret },
        };
      },
    );
  }

  /** Same rotation as `cofre clients rotate-secret`, with the webhook key grace window. */
  rotateSecret(ctx: ActionContext, clientId: string) {
    return audited(
      this.deps,
      ctx,
      { action: 'CLIENT_SECRET_ROTATED', subjectType: 'CLIENT' },
      async (tx) => {
        const before = await clientOr404(tx.trx, clientId);
        const rotated = await rotateClientSecret(tx.trx, clientId, this.deps.clock, {
          webhookKeyGraceSeconds: this.deps.config.webhooks.keyRotationGraceSeconds,
        });
        const after = await clientOr404(tx.trx, clientId);
        return { subjectId: clientId, before, after, result: rotated };
      },
    );
  }

  /** Disables (or enables) a client: a compare-and-set through client-states.ts. */
  setClientEnabled(
    ctx: ActionContext,
    clientId: string,
    enabled: boolean,
  ): Promise<OperatorClient> {
    const action = enabled ? 'CLIENT_ENABLED' : 'CLIENT_DISABLED';
    const to = enabled ? 'ACTIVE' : 'DISABLED';
    return audited(this.deps, ctx, { action, subjectType: 'CLIENT' }, async (tx) => {
      const before = await clientOr404(tx.trx, clientId);
      const moved = await moveState(clientMachine, to, {
        update: (from) => updateClientStatus(tx.trx, clientId, from, to),
      });
      if (moved === 0) throw invalidState(`API client ${clientId} is already ${before.status}.`);
      const after = await clientOr404(tx.trx, clientId);
      return { subjectId: clientId, before, after, result: after };
    });
  }

  getCustomer(customerId: string): Promise<OperatorCustomer> {
    return customerOr404(this.deps.db, customerId);
  }

  async listClients(customerId: string): Promise<{ data: OperatorClient[] }> {
    await customerOr404(this.deps.db, customerId);
    const rows = await listClientsForOperator(this.deps.db, customerId);
    return { data: rows.map(toOperatorClient) };
  }

  // --- payment instructions ---------------------------------------------------------------

  decideInstruction(
    ctx: ActionContext,
    instructionId: string,
    decision: { approve: true } | { approve: false; reason: { code: string; message: string } },
  ): Promise<OperatorInstructionView> {
    const action = decision.approve
      ? 'PAYMENT_INSTRUCTION_APPROVED'
      : 'PAYMENT_INSTRUCTION_REJECTED';
    return audited(
      this.deps,
      ctx,
      { action, subjectType: 'PAYMENT_INSTRUCTION' },
      async (tx, at) => {
        const before = await instructionOr404(tx.trx, instructionId);
        const deps = { queue: this.deps.queue };
        const decided = decision.approve
          ? await approve(tx, deps, instructionId, at)
          : await reject(tx, deps, instructionId, decision.reason, at);
        if (!decided) {
          throw invalidState(
            `Payment instruction ${instructionId} is ${before.instruction.status}, not PENDING_REVIEW.`,
          );
        }
        const after = await instructionOr404(tx.trx, instructionId);
        return { subjectId: instructionId, before, after, result: after };
      },
    );
  }

  getInstruction(instructionId: string): Promise<OperatorInstructionView> {
    return instructionOr404(this.deps.db, instructionId);
  }

  // --- accounts ---------------------------------------------------------------------------

  activateAsset(ctx: ActionContext, accountId: string, asset: string) {
    return this.accountAction(ctx, accountId, 'ACCOUNT_ASSET_ACTIVATED', async (tx, at) =>
      (await activateAsset(tx, { queue: this.deps.queue }, accountId, asset, at))
        ? undefined
        : `Asset ${asset} of account ${accountId} is not ONBOARDING (or not held).`,
    );
  }

  failAsset(
    ctx: ActionContext,
    accountId: string,
    asset: string,
    reason: { code: string; message: string },
  ) {
    return this.accountAction(ctx, accountId, 'ACCOUNT_ASSET_FAILED', async (tx, at) =>
      (await failAsset(tx, { queue: this.deps.queue }, accountId, asset, reason, at))
        ? undefined
        : `Asset ${asset} of account ${accountId} is not ONBOARDING (or not held).`,
    );
  }

  setFrozen(ctx: ActionContext, accountId: string, frozen: boolean) {
    return this.accountAction(
      ctx,
      accountId,
      frozen ? 'ACCOUNT_FROZEN' : 'ACCOUNT_UNFROZEN',
      async (tx, at) =>
        (await setAccountFrozen(tx, accountId, frozen, at))
          ? undefined
          : `Account ${accountId} is not ${frozen ? 'ACTIVE' : 'FROZEN'}.`,
    );
  }

  getAccount(accountId: string): Promise<OperatorAccountView> {
    return accountOr404(this.deps.db, accountId);
  }

  /** `change` answers undefined when it moved the account, or why it could not (→ 409). */
  private accountAction(
    ctx: ActionContext,
    accountId: string,
    action:
      'ACCOUNT_ASSET_ACTIVATED' | 'ACCOUNT_ASSET_FAILED' | 'ACCOUNT_FROZEN' | 'ACCOUNT_UNFROZEN',
    change: (tx: Tx, at: number) => Promise<string | undefined>,
  ): Promise<OperatorAccountView> {
    return audited(this.deps, ctx, { action, subjectType: 'ACCOUNT' }, async (tx, at) => {
      const before = await accountOr404(tx.trx, accountId);
      const refused = await change(tx, at);
      if (refused !== undefined) throw invalidState(refused);
      const after = await accountOr404(tx.trx, accountId);
      return { subjectId: accountId, before, after, result: after };
    });
  }

  // --- operations -------------------------------------------------------------------------

  getOperation(operationId: string): Promise<OperatorOperationView> {
    return operationOr404(this.deps.db, operationId);
  }

  /**
   * The deposit's money arrived: REQUESTED → PROCESSING → COMPLETED, crediting `amount` when
   * given (what actually arrived, shown as `receivedAmount`), else the requested amount.
   */
  receiveDeposit(ctx: ActionContext, operationId: string, input: { amount?: string | undefined }) {
    return this.operationAction(ctx, operationId, 'DEPOSIT_RECEIVED', async (tx, at, before) => {
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
  completeOperation(ctx: ActionContext, operationId: string) {
    return this.operationAction(ctx, operationId, 'OPERATION_COMPLETED', async (tx, at, before) => {
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
  failOperation(
    ctx: ActionContext,
    operationId: string,
    reason: { code: string; message: string },
  ) {
    return this.operationAction(ctx, operationId, 'OPERATION_FAILED', async (tx, at, before) =>
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
  reverseOperation(
    ctx: ActionContext,
    operationId: string,
    reason: { code: string; message: string },
  ): Promise<OperatorOperationView> {
    return audited(
      this.deps,
      ctx,
      { action: 'OPERATION_REVERSED', subjectType: 'OPERATION' },
      async (tx, at) => {
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
      },
    );
  }

  /** `change` answers undefined when it moved the operation, or why it could not (→ 409). */
  private operationAction(
    ctx: ActionContext,
    operationId: string,
    action: 'DEPOSIT_RECEIVED' | 'OPERATION_COMPLETED' | 'OPERATION_FAILED',
    change: (tx: Tx, at: number, before: OperatorOperationView) => Promise<string | undefined>,
  ): Promise<OperatorOperationView> {
    return audited(this.deps, ctx, { action, subjectType: 'OPERATION' }, async (tx, at) => {
      const before = await operationOr404(tx.trx, operationId);
      const refused = await change(tx, at, before);
      if (refused !== undefined) throw invalidState(refused);
      const after = await operationOr404(tx.trx, operationId);
      return { subjectId: operationId, before, after, result: after };
    });
  }

  // --- audit log --------------------------------------------------------------------------

  async auditLog(query: AuditLogQuery): Promise<PageResult<AuditEntry>> {
    const filters = { action: query.action, subjectId: query.subjectId };
    const binding: CursorBinding = {
      customerId: OPERATOR_CURSOR_OWNER,
      scope: listScope('admin.auditLog', filters, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const rows = await listAdminActions(this.deps.db, filters, plan);
    return buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.created_at, id: r.id }),
      toAuditEntry,
      this.deps.cursors,
      binding,
    );
  }
}
