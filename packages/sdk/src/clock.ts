/**
 * Where the SDK reads the time: milliseconds since the Unix epoch. Inject one to test token
 * refresh without waiting for real time to pass.
 *
 * @example
 * ```ts
 * let now = Date.UTC(2026, 0, 1);
 * const clock: Clock = { now: () => now };
 * now += 60_000; // a minute later, as far as the SDK can tell
 * ```
 */
export interface Clock {
  now(): number;
}

/**
 * The real clock (`Date.now`), used when no clock is injected.
 *
 * @example
 * ```ts
 * const started = systemClock.now();
 * ```
 */
export const systemClock: Clock = { now: () => Date.now() };
