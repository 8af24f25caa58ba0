import { Type } from '@sinclair/typebox';

/** RFC 9457 problem document, as every error of this API is rendered (docs/errors.md). */
export const Problem = Type.Object(
  {
    type: Type.String({ description: 'URI naming the problem type (urn:cofre:problem:<code>).' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.Optional(Type.String()),
    instance: Type.Optional(Type.String()),
    code: Type.String({ description: 'Stable SCREAMING_SNAKE code to switch on.' }),
    requestId: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          pointer: Type.String({
            description: 'JSON Pointer into the request part named by `in`.',
          }),
          in: Type.Union([
            Type.Literal('body'),
            Type.Literal('query'),
            Type.Literal('path'),
            Type.Literal('header'),
          ]),
          code: Type.String(),
          detail: Type.String(),
        }),
      ),
    ),
  },
  { $id: 'Problem', additionalProperties: true },
);

/** Response schema entries for the given error statuses: the shared Problem, as application/problem+json. */
export function problemResponses<S extends number>(...statuses: S[]): Record<S, ProblemResponse> {
  const out = {} as Record<S, ProblemResponse>;
  for (const status of statuses) {
    out[status] = {
      description: 'Problem (RFC 9457)',
      content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
    };
  }
  return out;
}

export interface ProblemResponse {
  description: string;
  content: { 'application/problem+json': { schema: { $ref: string } } };
}
