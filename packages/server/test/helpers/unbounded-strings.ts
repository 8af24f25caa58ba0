/**
 * Where an OpenAPI document lets a request carry a string of any length: every string schema
 * reachable from an operation's parameters and request bodies (through `$ref`, `allOf`, `anyOf`,
 * `oneOf`, `items`, `properties`, `additionalProperties`) that has no `maxLength`. A closed set
 * (`enum`, `const`) is bounded by its members and does not count.
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

/** `METHOD /path part pointer` for each unbounded request string, e.g. `POST /v1/x body /name`. */
export function unboundedRequestStrings(doc: Document): string[] {
  const out: string[] = [];
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${ref}`);
    return resolve(target);
  };
  const walk = (raw: Schema, where: string, seen: Set<Schema>): void => {
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    seen.add(schema);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
    const closed = Array.isArray(schema.enum) || 'const' in schema;
    if (types.includes('string') && !closed && typeof schema.maxLength !== 'number') {
      out.push(where);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) {
        for (const branch of branches) walk(branch as Schema, where, new Set(seen));
      }
    }
    if (schema.items && typeof schema.items === 'object') {
      walk(schema.items as Schema, `${where}/0`, seen);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, child] of Object.entries(properties)) walk(child, `${where}/${name}`, seen);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      walk(schema.additionalProperties as Schema, `${where}/*`, seen);
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      for (const param of op.parameters ?? []) {
        if (param.schema) walk(param.schema, `${name} ${param.in} ${param.name}`, new Set());
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.schema) walk(media.schema, `${name} body(${type}) `, new Set());
      }
    }
  }
  return [...new Set(out)];
}
