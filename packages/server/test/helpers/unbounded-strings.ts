/**
 * Where a request can carry a value of any size: every string schema without a `maxLength`,
 * every integer or number schema without a `minimum` and a `maximum`, every array without
 * `maxItems` and every map without `maxProperties`, reachable from a request
 * schema (through `$ref`, `allOf`, `anyOf`, `oneOf`, `items`, `properties`,
 * `additionalProperties`, `patternProperties`), and the keys of a map without a bounded
 * `propertyNames`. A closed set (`enum`, `const`) is bounded by its
 * members and does not count. Walked both in /openapi.json and in each registered route's own
 * schemas (http.route-limits.test.ts), so a route the document leaves out is held to it too.
 */

type Schema = Record<string, unknown>;

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/**
 * `where` plus the pointer of each unbounded value under `root` (`… /name`, or `… /count
 * (integer)`); `resolve` finds what a `$ref` names.
 */
export function unboundedIn(
  root: Schema,
  where: string,
  resolve: (ref: string) => Schema | undefined,
): string[] {
  const out: string[] = [];
  const walk = (raw: Schema, at: string, seen: Set<Schema>): void => {
    let schema = raw;
    for (let ref = schema.$ref; typeof ref === 'string'; ref = schema.$ref) {
      const target = resolve(ref);
      if (!target) throw new Error(`unresolved ${ref}`);
      schema = target;
    }
    if (seen.has(schema)) return;
    seen.add(schema);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
    const closed = Array.isArray(schema.enum) || 'const' in schema;
    if (types.includes('string') && !closed && typeof schema.maxLength !== 'number') out.push(at);
    const numeric = types.includes('integer') || types.includes('number');
    const bounded = typeof schema.minimum === 'number' && typeof schema.maximum === 'number';
    if (numeric && !closed && !bounded) out.push(`${at} (${String(types[0])})`);
    if (types.includes('array') && typeof schema.maxItems !== 'number') out.push(`${at} (array)`);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) {
        for (const branch of branches) walk(branch as Schema, at, new Set(seen));
      }
    }
    if (schema.items && typeof schema.items === 'object')
      walk(schema.items as Schema, `${at}/0`, seen);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, child] of Object.entries(properties)) walk(child, `${at}/${name}`, seen);
    // A map: its values, and its keys (bounded only by `propertyNames`).
    const values = [
      schema.additionalProperties,
      ...Object.values((schema.patternProperties ?? {}) as Record<string, unknown>),
    ].filter((child): child is Schema => typeof child === 'object' && child !== null);
    for (const child of values) walk(child, `${at}/*`, seen);
    const names = schema.propertyNames as Schema | undefined;
    if (names) walk(names, `${at}/(key)`, seen);
    else if (values.length > 0) out.push(`${at}/(key)`);
    if (values.length > 0 && typeof schema.maxProperties !== 'number') out.push(`${at} (map)`);
  };
  walk(root, where, new Set());
  return out;
}

/** `METHOD /path part pointer` for each unbounded request value, e.g. `POST /v1/x body /name`. */
export function unboundedRequestValues(doc: Document): string[] {
  const out: string[] = [];
  const resolve = (ref: string) =>
    doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      for (const param of op.parameters ?? []) {
        if (param.schema)
          out.push(...unboundedIn(param.schema, `${name} ${param.in} ${param.name}`, resolve));
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.schema) out.push(...unboundedIn(media.schema, `${name} body(${type}) `, resolve));
      }
    }
  }
  return [...new Set(out)];
}
