import { requestJson } from '../webhooks/http.mjs';

/**
 * The documented maxima the heavy customer goes to, read from the server's own OpenAPI document
 * (GET /openapi.json), so the bench follows the server when a limit is lowered or raised:
 * - `filterPairs`: the `metadata` list filter's `maxProperties` (GET /v1/accounts);
 * - `metadataPairs`, `keyChars`, `valueChars`: a creation body's `metadata` (POST /v1/accounts):
 *   at most that many keys, of that many characters, with values of that many;
 * - `pageLimit`: a list's `limit` maximum;
 * - `accountName`, `externalReference`: those strings' maxLength.
 */
export async function readLimits(base) {
  const { status, body: doc } = await requestJson(`${base}/openapi.json`);
  if (status !== 200) throw new Error(`GET /openapi.json: ${status}`);
  const deref = (schema) =>
    schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
  const parameter = (path, name) => {
    const found = doc.paths?.[path]?.get?.parameters?.find((p) => p.name === name);
    if (!found) throw new Error(`openapi.json: GET ${path} has no "${name}" parameter`);
    return deref(found.schema);
  };
  const body = (path) => {
    const schema = deref(
      doc.paths?.[path]?.post?.requestBody?.content?.['application/json']?.schema,
    );
    if (!schema?.properties) throw new Error(`openapi.json: POST ${path} has no JSON body`);
    return schema;
  };
  const need = (value, what) => {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`openapi.json: no ${what} (got ${JSON.stringify(value)})`);
    }
    return value;
  };
  const filter = parameter('/v1/accounts', 'metadata');
  const account = body('/v1/accounts');
  const deposit = body('/v1/operations/deposit');
  const metadata = deref(account.properties.metadata);
  const reference = deref(deposit.properties.externalReference);
  return {
    filterPairs: need(filter.maxProperties, 'metadata filter maxProperties'),
    filterValueChars: need(filter.additionalProperties?.maxLength, 'filter value maxLength'),
    metadataPairs: need(metadata?.maxProperties, 'metadata maxProperties'),
    keyChars: need(metadata?.propertyNames?.maxLength, 'metadata key maxLength'),
    valueChars: need(metadata?.additionalProperties?.maxLength, 'metadata value maxLength'),
    pageLimit: need(parameter('/v1/accounts', 'limit').maximum, 'limit maximum'),
    accountName: need(deref(account.properties.name)?.maxLength, 'account name maxLength'),
    // Optional: the body still goes without it if a server has none.
    externalReference: reference?.maxLength,
  };
}

/** Key `j` of the heavy customer's metadata: unique, exactly `chars` long (the documented maximum). */
export function metadataKey(j, chars) {
  const head = `k${String(j).padStart(2, '0')}`;
  return `${head}-${'m'.repeat(Math.max(0, chars - head.length - 1))}`.slice(0, chars);
}

/**
 * The heavy customer's seeded pairs for account (or operation) number `i`: `pairs` keys whose
 * values are base-3 digits of `i`, the digit of key `j` being digit `j mod 10`. Any one pair
 * matches a third of the rows; ten or more together match about one row in 59,049. That is the
 * heaviest filter there is: every pair unselective, the conjunction rare, so a page cannot end
 * early and every candidate row is checked against the pairs.
 */
export function seededMetadata(i, pairs, keyChars) {
  const metadata = {};
  for (let j = 0; j < pairs; j++) metadata[metadataKey(j, keyChars)] = digitValue(i, j);
  return metadata;
}

const digitValue = (i, j) => `tier-${Math.floor(i / 3 ** (j % 10)) % 3}`;

/** A query string of `metadata[key]=value` pairs (deepObject, as the OpenAPI document states). */
export function metadataQuery(filter) {
  return Object.entries(filter)
    .map(([k, v]) => `metadata%5B${encodeURIComponent(k)}%5D=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * Metadata at every documented maximum: `pairs` keys of `keyChars` characters, each value
 * `valueChars` long (distinct per body, so nothing is deduplicated along the way).
 */
export function maximalMetadata(limits, salt) {
  const metadata = {};
  for (let j = 0; j < limits.metadataPairs; j++) {
    const head = `${salt}-${j}-`;
    metadata[metadataKey(j, limits.keyChars)] = `${head}${'v'.repeat(limits.valueChars)}`.slice(
      0,
      limits.valueChars,
    );
  }
  return metadata;
}
