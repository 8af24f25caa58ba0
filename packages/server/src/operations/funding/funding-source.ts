import type { Asset } from '../../lib/money.js';
import { standingInstruction, type StandingInstruction } from '../../pix/index.js';

/**
 * The port that says where an account receives an asset: its standing instruction (a PIX key,
 * a wallet address), the same for every deposit. Without a rail it is derived from (account,
 * asset) and needs no storage (pix/funding-keys.ts); a rail that serves the asset gives its own
 * (rails/: the EVM rail's derived address), assigning it on first use — in a transaction of its
 * own, so a deposit request that is then refused still leaves the account one stable address.
 */
export interface FundingSource {
  standing(account: { id: string; customerId: string }, asset: Asset): Promise<StandingInstruction>;
}

export const derivedFunding: FundingSource = {
  standing: (account, asset) => Promise.resolve(standingInstruction(account.id, asset)),
};
