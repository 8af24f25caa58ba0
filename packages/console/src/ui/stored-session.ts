import type { CustomerSession } from './session.js';

/**
 * The customer's access token for the tab's life (docs/console.md "Security"): in
 * sessionStorage, which belongs to this tab alone and ends with it, never localStorage (shared
 * by every tab and kept on disk indefinitely) nor a cookie (sent by the browser on its own).
 * It is removed at sign-out, at the token's expiry and on a 401. The client secret is never
 * kept; neither is the operator's admin token, which does not expire.
 */
const KEY = 'cofre.console.customer';

/** The session a reload of this tab continues, if its token has not expired. */
export function loadCustomerSession(now = Date.now()): CustomerSession | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    stored = undefined;
  }
  const s = stored as Partial<CustomerSession> | null | undefined;
  if (
    !s ||
    typeof s.clientId !== 'string' ||
    typeof s.token !== 'string' ||
    typeof s.expiresAt !== 'number' ||
    s.expiresAt <= now
  ) {
    forgetCustomerSession();
    return undefined;
  }
  return { clientId: s.clientId, token: s.token, expiresAt: s.expiresAt };
}

export function storeCustomerSession(session: CustomerSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage refused (a private mode, a full quota): the session then lasts until a reload.
  }
}

export function forgetCustomerSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to remove where storage is refused.
  }
}
