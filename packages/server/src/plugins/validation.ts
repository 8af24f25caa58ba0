import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = {
  allErrors: true, // report every bad field at once
  removeAdditional: false, // unknown fields are errors, not silently dropped
  useDefaults: true,
  strict: false,
  keywords: ['example'],
  // OpenAPI `discriminator` (payment instructions by `rail`): only the named branch is checked,
  // so errors point into it instead of listing every branch's.
  discriminator: true,
  // Schemas are not checked against the JSON Schema meta-schema here: doing so compiled the
  // meta-schema in both instances at every start, about a tenth of the cold start. The schemas
  // are the code's own, and validation.schemas-are-valid.test.ts checks every one of them.
  validateSchema: false,
};

/**
 * Bodies are validated strictly (a JSON "10" is not the integer 10); query strings and path
 * parameters arrive as text, so those are coerced to the schema's types.
 */
export function registerValidation(app: FastifyInstance, schemas: FastifySchema[] = []): void {
  const strict = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  for (const schema of schemas) {
    strict.addSchema(schema);
    coercing.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }: FastifyRouteSchemaDef<unknown>) =>
    compiledOnFirstUse(() => (httpPart === 'body' ? strict : coercing).compile(schema as object)),
  );
}

/**
 * A validator compiled when its route first validates, not at start-up: compiling the ~250
 * route parts took a fifth of the cold start, and most routes of a given process are never
 * called (docs/performance.md "HTTP path"). Fastify reads `errors` off the function it was
 * given after a failed call, so the wrapper carries the compiled one's.
 */
function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}

/** The query string of a route that declares none: no parameter at all. */
const noQueryParameters = () => ({
  type: 'object',
  properties: {},
  additionalProperties: false,
});

/**
 * Unknown query parameters are refused on every route (docs/api.md), including routes that
 * declare no query string: a typo, or a credential pasted into the URL, is a 400 rather than
 * silently ignored. An onRoute hook, so routes added later get it without remembering to; a
 * declared query string that would let unknown parameters through fails at startup.
 * Register before any route.
 */
export function registerStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema ?? {};
    const declared = schema.querystring as { additionalProperties?: unknown } | undefined;
    if (declared === undefined) {
      route.schema = { ...schema, querystring: noQueryParameters() };
    } else if (declared.additionalProperties !== false) {
      throw new Error(
        `${String(route.method)} ${route.url}: its querystring schema must set additionalProperties: false`,
      );
    }
  });
}

/**
 * For a route with `attachValidation: true` whose body states an exactly-one-of rule as a root
 * `oneOf` of `required` lists (so the OpenAPI document, generators and validators know it):
 * rethrows the validation error unless that `oneOf` is all that failed, in which case the
 * request goes on and the service refuses it with its own, more telling code
 * (MUTUALLY_EXCLUSIVE_AMOUNTS, …) instead of a generic oneOf error.
 */
export function rethrowUnlessOnlyOneOf(request: FastifyRequest): void {
  const error = request.validationError as
    (Error & { validation: { schemaPath: string }[] }) | undefined;
  if (!error) return;
  const rest = error.validation.filter((entry) => !entry.schemaPath.startsWith('#/oneOf'));
  if (rest.length > 0) throw Object.assign(error, { validation: rest });
  // Fastify stops at the first part that fails (params, body, query, headers): the parts after
  // the body were never checked, so they are checked here, with the route's own validators.
  for (const part of ['querystring', 'headers'] as const) {
    const validate = request.getValidationFunction(part);
    const input = part === 'querystring' ? request.query : request.headers;
    if (validate && !validate(input)) {
      throw Object.assign(new Error('validation failed'), {
        statusCode: 400,
        validation: validate.errors ?? [],
        validationContext: part,
      });
    }
  }
}
