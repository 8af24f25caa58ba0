/** Attempt counters of the token endpoint (migration 0004), one row per limited key. */
export interface AuthFailuresTable {
  /** `addr:<address>` or `pair:<client id>|<address>`. */
  key: string;
  /** When the current window opened (epoch ms); the count restarts once it has passed. */
  window_start: number;
  /** Attempts counted in this window, less those given back by successful requests. */
  count: number;
}
