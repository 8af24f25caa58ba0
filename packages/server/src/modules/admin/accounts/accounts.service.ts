import type { Db } from '../../../db/database.js';
import type { Tx } from '../../../db/transact.js';
import type { Clock } from '../../../lib/clock.js';
import type { JobQueue } from '../../../jobs/index.js';
import { activateAsset, failAsset, setAccountFrozen } from '../../accounts/index.js';
import { auditedMove, type ActionContext } from '../audited.js';
import { accountOr404, type OperatorAccountView } from './account-view.js';

type AccountAction =
  'ACCOUNT_ASSET_ACTIVATED' | 'ACCOUNT_ASSET_FAILED' | 'ACCOUNT_FROZEN' | 'ACCOUNT_UNFROZEN';

/**
 * The back-office's accounts (docs/admin.md "Accounts"): an asset's onboarding decided, an
 * account frozen or unfrozen, through accounts.lifecycle.ts like the sandbox simulator.
 */
export class AccountsAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock; queue: JobQueue }) {}

  get(accountId: string): Promise<OperatorAccountView> {
    return accountOr404(this.deps.db, accountId);
  }

  activateAsset(ctx: ActionContext, accountId: string, asset: string) {
    return this.move(ctx, accountId, 'ACCOUNT_ASSET_ACTIVATED', async (tx, at) =>
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
    return this.move(ctx, accountId, 'ACCOUNT_ASSET_FAILED', async (tx, at) =>
      (await failAsset(tx, { queue: this.deps.queue }, accountId, asset, reason, at))
        ? undefined
        : `Asset ${asset} of account ${accountId} is not ONBOARDING (or not held).`,
    );
  }

  setFrozen(ctx: ActionContext, accountId: string, frozen: boolean) {
    return this.move(
      ctx,
      accountId,
      frozen ? 'ACCOUNT_FROZEN' : 'ACCOUNT_UNFROZEN',
      async (tx, at) =>
        (await setAccountFrozen(tx, accountId, frozen, at))
          ? undefined
          : `Account ${accountId} is not ${frozen ? 'ACTIVE' : 'FROZEN'}.`,
    );
  }

  /** `change` answers undefined when it moved the account, or why it could not (→ 409). */
  private move(
    ctx: ActionContext,
    accountId: string,
    action: AccountAction,
    change: (tx: Tx, at: number) => Promise<string | undefined>,
  ): Promise<OperatorAccountView> {
    return auditedMove(
      this.deps,
      ctx,
      { action, subjectType: 'ACCOUNT' },
      { id: accountId, read: (trx) => accountOr404(trx, accountId) },
      change,
    );
  }
}
