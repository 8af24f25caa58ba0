/** Attempt counters of the token endpoint (migration 0004), one row per limited key. */
export interface AuthFailuresTable {
  /** `addr:<address>` or `pair:<client id>|<address>`. */
  key: string;
  /** When the current window opened (epoch ms); the count restarts once it has passed. */
  window_start: number;
  /** Failures plus attempts in flight in this window: what the limit applies to. */
  count: number;
  /** Failures alone in this window (settled, never given back). */
  failures: number;
}
