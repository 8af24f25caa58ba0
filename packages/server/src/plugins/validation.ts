import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = {
  allErrors: true, // report every bad field at once
  removeAdditional: false, // unknown fields are errors, not silently dropped
  useDefaults: true,
  strict: false,
  keywords: ['example'],
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
    (httpPart === 'body' ? strict : coercing).compile(schema as object),
  );
}
