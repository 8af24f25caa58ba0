import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { clientRestrictions, findClientState } from '../customers/index.js';
import type { ClientRestrictions, ClientStatus } from '../customers/index.js';

export interface ClientState {
  status: ClientStatus;
  secretVersion: number;
  environment: string;
  /** Permissions, expiry, networks and bound accounts (customers/client-restrictions.ts), parsed once per load. */
  restrictions: ClientRestrictions;
  /** Requests per minute for this client (back-office override); undefined: the default. */
  rateLimit: number | undefined;
}

/**
 * What a token check needs to know about its client (is it active, which secret version is
 * current, what it may do and from where), cached for `ttlMs` so the hot path does not touch the
 * database. Rotations, disabling and edits happen elsewhere (the CLI, the back-office), so every
 * API process sees them within `ttlMs`.
 */
export class ClientStateCache {
  private readonly entries = new Map<
    string,
    { state: ClientState | undefined; loadedAt: number }
  >();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  /**
   * The client's state. `newerThan` (epoch ms): an entry loaded before it is read again — what a
   * token issued after the entry was loaded needs, since the token endpoint saw a newer state
   * (a rotation, an enable) than the one cached here.
   */
  async get(clientId: string, newerThan?: number): Promise<ClientState | undefined> {
    const now = this.clock.now();
    const hit = this.entries.get(clientId);
    const fresh = hit !== undefined && now - hit.loadedAt < this.ttlMs;
    if (fresh && (newerThan === undefined || hit.loadedAt >= newerThan)) return hit.state;
    const row = await findClientState(this.db, clientId);
    const state = row && {
      status: row.status,
      secretVersion: row.secret_version,
      environment: row.environment,
      restrictions: clientRestrictions(row),
      rateLimit: row.rate_limit ?? undefined,
    };
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(clientId, { state, loadedAt: now });
    return state;
  }
}
