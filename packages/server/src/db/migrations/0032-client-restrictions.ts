import type { Kysely } from 'kysely';

/**
 * Issue 27 point 1: restricted API clients (docs/api.md "Restricted clients and scopes").
 * `permissions` is the client's level per resource as JSON (`{"accounts":"read",...}`); null is
 * full access, which every client created before keeps. `expires_at` (epoch ms) ends the
 * client: no token after it, and its tokens stop working. `allowed_networks` is a JSON array of
 * CIDR blocks the client may be used from; null is anywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').addColumn('permissions', 'text').execute();
  await db.schema.alterTable('api_clients').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('api_clients').addColumn('allowed_networks', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').dropColumn('allowed_networks').execute();
  await db.schema.alterTable('api_clients').dropColumn('expires_at').execute();
  await db.schema.alterTable('api_clients').dropColumn('permissions').execute();
}
