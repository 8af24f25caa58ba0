import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (document: unknown) => string;

/**
 * Fastify's own serializer compiler (fast-json-stringify, with the same shared schemas), but each
 * route's response serializer is built when that route first answers with that status, instead of
 * at start-up for every route and status: building them was more than half of the cold start
 * (docs/performance.md "HTTP path"). Responses still go through their schema, exactly as before;
 * only the moment of compiling moves.
 */
export const lazySerializers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer(externalSchemas: unknown, options: unknown) {
      const compile = SerializerSelector()(externalSchemas, options as never);
      return (route: Parameters<typeof compile>[0]): Serialize => {
        let serialize: Serialize | undefined;
        return (document) => (serialize ??= compile(route))(document);
      };
    },
  },
};
