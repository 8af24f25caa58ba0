import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { ConsoleConfig } from '../api/config.js';
import { createApi, type Api } from '../api/http.js';
import { problemFrom } from '../api/problem.js';
import {
  forgetCustomerSession,
  loadCustomerSession,
  storeCustomerSession,
} from './stored-session.js';

/**
 * Who is signed in (docs/console.md "Security"). The customer's access token lasts the tab's
 * life (sessionStorage, stored-session.ts), so a reload keeps the session; the operator's admin
 * token lives in the page's memory only. Never localStorage or a cookie. The token's expiry, a
 * 401 from the API, and "Sign out" (which drops every trace of both sessions) end them.
 */
export interface CustomerSession {
  clientId: string;
  token: string;
  /** Epoch ms when the access token expires (its `expiresIn` from the token endpoint). */
  expiresAt: number;
}

export interface OperatorSession {
  token: string;
  /** The X-Admin-Actor label the audit log records for this operator's actions. */
  actor: string;
}

export interface SessionState {
  config: ConsoleConfig;
  customer: CustomerSession | undefined;
  /** The customer API for the signed-in client (undefined when signed out). */
  api: Api | undefined;
  operator: OperatorSession | undefined;
  /** Why the last session ended, when it was not "Sign out" (shown on the sign-in page). */
  endedBecause: string | undefined;
  signIn: (clientId: string, clientSecret: string) => Promise<void>;
  signInOperator: (token: string, actor: string) => Promise<void>;
  signOut: () => void;
  signOutOperator: () => void;
}

const SessionContext = createContext<SessionState | undefined>(undefined);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The customer API of the signed-in client; only for pages behind the sign-in guard. */
export function useApi(): Api {
  const { api } = useSession();
  if (!api) throw new Error('useApi without a customer session');
  return api;
}

export function SessionProvider(props: { config: ConsoleConfig; children: ComponentChildren }) {
  const [customer, setCustomer] = useState<CustomerSession | undefined>(loadCustomerSession);
  const [operator, setOperator] = useState<OperatorSession>();
  const [endedBecause, setEndedBecause] = useState<string>();

  const endCustomer = useCallback((reason?: string) => {
    forgetCustomerSession();
    setCustomer(undefined);
    setEndedBecause(reason);
  }, []);

  const api = useMemo(
    () =>
      customer
        ? createApi(customer.token, () =>
            endCustomer('The API refused the access token (expired, or the secret was rotated).'),
          )
        : undefined,
    [customer, endCustomer],
  );

  // The token's own expiry ends the session at that instant, not at the next 401.
  useEffect(() => {
    if (!customer) return undefined;
    const timer = setTimeout(
      () => endCustomer('The access token expired.'),
      Math.max(0, customer.expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [customer, endCustomer]);

  const signIn = useCallback(async (clientId: string, clientSecret: string) => {
    const response = await fetch('/v1/oauth/client/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, clientSecret }),
      cache: 'no-store',
      credentials: 'omit',
    });
    if (!response.ok) throw await problemFrom(response);
    const body = (await response.json()) as { accessToken: string; expiresIn: number };
    setEndedBecause(undefined);
    // The secret is not kept: when the token expires, the person signs in again.
    const session = {
      clientId,
      token: body.accessToken,
      expiresAt: Date.now() + body.expiresIn * 1000,
    };
    storeCustomerSession(session);
    setCustomer(session);
  }, []);

  const signInOperator = useCallback(async (token: string, actor: string) => {
    // Checked against a cheap admin read before it is kept: a wrong token is refused here.
    const response = await fetch('/admin/v1/auditLog?limit=1', {
      headers: { authorization: `Bearer ${token}` },
      cache: 'no-store',
      credentials: 'omit',
    });
    if (!response.ok) throw await problemFrom(response);
    setOperator({ token, actor: actor.trim() || 'console' });
  }, []);

  const state: SessionState = {
    config: props.config,
    customer,
    api,
    operator,
    endedBecause,
    signIn,
    signInOperator,
    signOut: () => {
      forgetCustomerSession();
      setCustomer(undefined);
      setOperator(undefined);
      setEndedBecause(undefined);
    },
    signOutOperator: () => setOperator(undefined),
  };
  return <SessionContext.Provider value={state}>{props.children}</SessionContext.Provider>;
}
