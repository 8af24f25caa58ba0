import type { AuthContext } from './auth-context.js';

/**
 * How often a connection held open checks its credential again. With the client-state cache
 * (COFRE_CLIENT_CACHE_TTL_MS) it bounds how long a held connection outlives a refusal: a
 * disabled client or a rotated secret within that TTL plus this, an expired token within this
 * (docs/api.md "Authentication").
 */
export const CREDENTIAL_RECHECK_MS = 1_000;

/** The credential a request was let in with, kept by the auth hook so it can be checked again. */
export interface HeldCredential {
  /** Checks it as the auth hook would now: resolves, or rejects with the hook's 401 AppError. */
  verify(): Promise<AuthContext>;
}

export interface CredentialWatch {
  stop(): void;
}

/**
 * Checks a held credential again every `intervalMs` for as long as a response stays open (a
 * listen stream; anything else that holds a connection open uses the same), through the same
 * verifier and caches as the auth hook, so it costs no database read of its own and a refusal
 * comes within the same window as for an ordinary request. On the first refusal it stops and
 * calls `onRefused` with what the verifier threw: a 401 AppError (INVALID_ACCESS_TOKEN: client
 * disabled or secret rotated; EXPIRED_ACCESS_TOKEN), or an outage error when the check could not
 * be made, which ends the response too (the client reconnects and is checked afresh).
 */
export function watchCredential(
  credential: HeldCredential,
  onRefused: (error: unknown) => void,
  intervalMs = CREDENTIAL_RECHECK_MS,
): CredentialWatch {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => void check(), intervalMs);
    // A watch never keeps a process alive on its own.
    timer.unref();
  };
  const check = async () => {
    try {
      await credential.verify();
    } catch (error) {
      if (stopped) return;
      stopped = true;
      onRefused(error);
      return;
    }
    if (!stopped) schedule();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
