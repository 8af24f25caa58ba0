/**
 * A query parameter whose schema is an object (the `metadata` list filter, lib/metadata-query.ts)
 * is sent as `name[key]=value` pairs: OpenAPI's `style: deepObject`, `explode: true`
 * (OpenAPI 3.1 §4.8.12.4). @fastify/swagger can only set a style for a whole query string, so
 * the document's transform sets it on each such parameter; stock generators and Swagger UI then
 * serialise a map the way the server reads it.
 */
export function markDeepObjectQueries(document: Record<string, unknown>): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const parameters = (operation as { parameters?: unknown[] }).parameters ?? [];
      for (const parameter of parameters as Record<string, unknown>[]) {
        const schema = parameter.schema as { type?: unknown } | undefined;
        if (parameter.in === 'query' && schema?.type === 'object') {
          parameter.style = 'deepObject';
          parameter.explode = true;
        }
      }
    }
  }
}
