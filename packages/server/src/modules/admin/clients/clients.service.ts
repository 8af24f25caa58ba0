import type { Environment } from '../../../config/environment.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { moveState } from '../../../lib/state-machine.js';
import {
  clientMachine,
  issueApiClient,
  rotateClientSecret,
  updateClientSettings,
  updateClientStatus,
} from '../../customers/index.js';
import { clientSettings, type RestrictionInput } from './client-settings.js';
import { audited, auditedMove, type ActionContext } from '../audited.js';
import { customerOr404 } from '../customers/customer-view.js';
import { clientOr404, toOperatorClient } from './client-view.js';
import { checkAccountBinding } from './client-accounts.js';
import { findClientForOperator, listClientsForOperator } from './clients.repository.js';
import type { OperatorClient } from './clients.schemas.js';

export interface ClientsAdminDeps {
  db: Db;
  clock: Clock;
  /** The deployment's environment: new API clients are issued for it. */
  environment: Environment;
  /** COFRE_WEBHOOK_KEY_ROTATION_GRACE_SECONDS: how long webhooks keep a rotated client's old key. */
  webhookKeyGraceSeconds: number;
}

/** The back-office's API clients (docs/admin.md "Customers and API clients"). */
export class ClientsAdmin {
  constructor(private readonly deps: ClientsAdminDeps) {}

  async list(customerId: string): Promise<{ data: OperatorClient[] }> {
    await customerOr404(this.deps.db, customerId);
    const rows = await listClientsForOperator(this.deps.db, customerId);
    return { data: rows.map(toOperatorClient) };
  }

  /** A client with full access, or restricted by the body's members (docs/admin.md). */
  create(ctx: ActionContext, customerId: string, input: RestrictionInput) {
    const { environment } = this.deps;
    const audit = { action: 'CLIENT_CREATED', subjectType: 'CLIENT' } as const;
    return audited(this.deps, ctx, audit, async (tx, at) => {
      const customer = await customerOr404(tx.trx, customerId);
      const name = input.name ?? customer.name;
      const settings = clientSettings(input);
      await checkAccountBinding(tx.trx, customerId, settings, undefined);
      const { clientId, clientSecret } = await issueApiClient(
        tx.trx,
        customerId,
        { name, environment, settings },
        at,
      );
      const after = await clientOr404(tx.trx, clientId);
      return {
        subjectId: clientId,
        before: null,
        after,
        result: { customerId, clientId, clientSecret },
      };
    });
  }

  /**
   * Changes a client's name or restrictions. Its tokens already issued follow within
   * COFRE_CLIENT_CACHE_TTL_MS: they keep only the scopes the client still holds.
   */
  update(ctx: ActionContext, clientId: string, input: RestrictionInput): Promise<OperatorClient> {
    const audit = { action: 'CLIENT_UPDATED', subjectType: 'CLIENT' } as const;
    return audited(this.deps, ctx, audit, async (tx) => {
      const before = await clientOr404(tx.trx, clientId);
      const settings = clientSettings(input);
      const current = (await findClientForOperator(tx.trx, clientId))!;
      await checkAccountBinding(tx.trx, before.customerId, settings, current);
      await updateClientSettings(tx.trx, clientId, settings);
      const after = await clientOr404(tx.trx, clientId);
      return { subjectId: clientId, before, after, result: after };
    });
  }

  /** Same rotation as `cofre clients rotate-secret`, with the webhook key grace window. */
  rotateSecret(ctx: ActionContext, clientId: string) {
    const audit = { action: 'CLIENT_SECRET_ROTATED', subjectType: 'CLIENT' } as const;
    return audited(this.deps, ctx, audit, async (tx) => {
      const before = await clientOr404(tx.trx, clientId);
      const rotated = await rotateClientSecret(tx.trx, clientId, this.deps.clock, {
        webhookKeyGraceSeconds: this.deps.webhookKeyGraceSeconds,
      });
      const after = await clientOr404(tx.trx, clientId);
      return { subjectId: clientId, before, after, result: rotated };
    });
  }

  /** Disables (or enables) a client: a compare-and-set through client-states.ts. */
  setEnabled(ctx: ActionContext, clientId: string, enabled: boolean): Promise<OperatorClient> {
    const action = enabled ? 'CLIENT_ENABLED' : 'CLIENT_DISABLED';
    const to = enabled ? 'ACTIVE' : 'DISABLED';
    return auditedMove(
      this.deps,
      ctx,
      { action, subjectType: 'CLIENT' },
      { id: clientId, read: (trx) => clientOr404(trx, clientId) },
      async (tx, _at, before) => {
        const moved = await moveState(clientMachine, to, {
          update: (from) => updateClientStatus(tx.trx, clientId, from, to),
        });
        return moved === 0 ? `API client ${clientId} is already ${before.status}.` : undefined;
      },
    );
  }
}
