import { server } from './server-module.mjs';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

/** POST /v1/oauth/client/token with JSON credentials; returns the bearer token. */
export async function issueToken(baseUrl, { clientId, clientSecret }) {
  const response = await fetch(`${baseUrl}/v1/oauth/client/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret }),
  });
  const body = await response.json();
  if (response.status !== 200) {
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.accessToken;
}

/** GETs one page and insists it is a 200 with exactly `limit` items, before it is measured. */
export async function expectPage(url, headers, limit) {
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (response.status !== 200 || body.data?.length !== limit) {
    throw new Error(
      `expected 200 with ${limit} accounts from ${url}, got ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return body;
}

/** GETs one account and insists it is a 200 with that id, before it is measured. */
export async function expectAccount(url, headers, id) {
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (response.status !== 200 || body.id !== id) {
    throw new Error(
      `expected 200 with account ${id} from ${url}, got ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return body;
}

/** GETs `url` and insists on `status`, before it is measured. */
export async function expectStatus(url, status) {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(
      `expected ${status} from ${url}, got ${response.status}: ${text.slice(0, 300)}`,
    );
  }
}

/**
 * The cursor a client would hold after paging down to `depth` rows of the customer's default
 * list (newest first, no filters): the position of row number `depth`, signed with the cursor
 * key the server loads from the same database, bound the way AccountsService binds it.
 */
export async function deepCursor(db, config, customerId, depth) {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(depth - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const { CursorCodec, listScope, loadKeys } = server;
  const keys = await loadKeys(db, config, Date.now());
  const binding = {
    customerId,
    scope: listScope('accounts', { type: undefined, status: undefined }, 'DESCENDING'),
  };
  const cursor = new CursorCodec(keys.cursorKey).encode(
    { sortValue: row.created_at, id: row.id, direction: 'NEXT' },
    binding,
  );
  return { cursor, row };
}
