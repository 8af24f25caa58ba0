/** One process's admissions for one client in one window (migration 0033). */
export interface RateLimitCountsTable {
  client_id: string;
  /** Start of the fixed window (epoch ms, aligned on the epoch). */
  window_start: number;
  /** The API process that counted them (random per start). */
  process_id: string;
  /** Admitted so far in the window. */
  count: number;
  /** The most it may admit before its next exchange: `count` plus its share. */
  claimed: number;
}
