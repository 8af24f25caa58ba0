import { usePolled, type Live } from '../../ui/hooks.js';
import { useSession } from '../../ui/session.js';

export type Watched<T> = Live<T>;

/**
 * Watches one resource (an operation, an account, a beneficiary) until it settles: a conditional
 * GET every `intervalMs` while `settled(data)` is false, then no more requests (ui/hooks.ts
 * usePolled). useLive polls for as long as the page is open, which suits lists; a settled
 * operation never changes state again, so polling it would only cost requests.
 */
export function useWatch<T>(
  path: string,
  settled: (data: T) => boolean,
  intervalMs = 1000,
): Watched<T> {
  const { customer } = useSession();
  return usePolled<T>(path, customer && `Bearer ${customer.token}`, intervalMs, settled);
}
