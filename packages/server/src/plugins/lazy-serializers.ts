import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (document: unknown) => string;

/**
 * Fastify's own serializer compiler (fast-json-stringify, with the same shared schemas), but each
 * route's response serializer is built when that route first answers with that status, instead of
 * at start-up for every route and status: building them was more than half of the cold start
 * (docs/performance.md "HTTP path"). Responses still go through their schema, exactly as before;
 * only the moment of compiling moves.
 *
 * A union in a response schema (an operation is one of the kinds' schemas) is serialised by the
 * first member the value validates against (fast-json-stringify asks Ajv), and every member of
 * ours is told apart by a constant (`type`, `rail`, `asset`) or by its required keys, never by a
 * string's format. Checking formats there only cost time: the `date-time` checks of every
 * operation in a page were 3.7 % of a busy server's time while a customer walked pages of
 * operations (docs/operations.md "The noisy-neighbour rule"). They are not checked while
 * serialising; the request schemas still check them.
 */
export const lazySerializers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer(externalSchemas: unknown, options: unknown) {
      const compile = SerializerSelector()(externalSchemas, withoutFormatChecks(options));
      return (route: Parameters<typeof compile>[0]): Serialize => {
        let serialize: Serialize | undefined;
        return (document) => (serialize ??= compile(route))(document);
      };
    },
  },
};

/** The serializer options with Ajv's format checks off (see above). */
function withoutFormatChecks(options: unknown): Record<string, unknown> {
  const given = (options ?? {}) as { ajv?: Record<string, unknown> };
  return { ...given, ajv: { ...given.ajv, validateFormats: false } };
}
