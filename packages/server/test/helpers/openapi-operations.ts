import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema the route schemas use, as /openapi.json renders them. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  propertyNames?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  discriminator?: { propertyName: string };
  not?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One method on one path of the OpenAPI document, ready to be called with inject(). */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path template, e.g. `/v1/accounts/{accountId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** Body schema per media type; empty when the operation takes no body. */
  bodies: Record<string, JsonSchema>;
  /** Whether the operation needs a bearer token (document-level security unless `[]`). */
  secured: boolean;
  /** Whether that token is the back-office's (`adminToken` scheme) rather than a customer's. */
  admin: boolean;
  /** Whether this is an OAuth 2 `tokenUrl` (client credentials may come in HTTP Basic). */
  tokenEndpoint: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  security?: Record<string, unknown>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    securitySchemes?: Record<string, { flows?: Record<string, { tokenUrl?: string }> }>;
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation /openapi.json documents. */
export async function documentedOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const tokenUrls = new Set(
    Object.values(doc.components?.securitySchemes ?? {}).flatMap((scheme) =>
      Object.values(scheme.flows ?? {}).map((flow) => flow.tokenUrl),
    ),
  );
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      const bodies: Record<string, JsonSchema> = {};
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        bodies[type] = media.schema ?? {};
      }
      const security = op.security ?? doc.security ?? [];
      out.push({
        method: method.toUpperCase() as ApiOperation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        bodies,
        secured: security.length > 0,
        admin: security.some((requirement) => 'adminToken' in requirement),
        tokenEndpoint: method === 'post' && tokenUrls.has(path),
      });
    }
  }
  return out;
}

/** The path with each `{name}` replaced by its (encoded) value. */
export function fillPath(template: string, values: Record<string, string>, encode = true): string {
  return template.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = values[name] ?? 'x';
    return encode ? encodeURIComponent(value) : value;
  });
}

/**
 * A value that satisfies `schema` (as far as the route schemas go): the schema's own example or
 * default when it has one, otherwise the smallest value of its type. `name` hints at strings
 * with a meaning the schema does not state (a callback URL).
 */
export function sampleOf(schema: JsonSchema, name = ''): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  // A `oneOf` of `required` lists over the object's own members (exactly one amount): the
  // first branch's members are required too.
  if (branch && schema.properties) {
    const required = [...(schema.required ?? []), ...(branch.required ?? [])];
    return sampleOf({ ...schema, anyOf: undefined, oneOf: undefined, required }, name);
  }
  if (branch) return sampleOf(branch, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const names = required.length > 0 ? required : Object.keys(properties).slice(0, 1);
      for (const key of names) out[key] = sampleOf(properties[key] ?? {}, key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return new Date(0).toISOString();
      if (/url|uri/i.test(name)) return 'https://hooks.example.com/cofre';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case undefined:
    default:
      return null;
  }
}
