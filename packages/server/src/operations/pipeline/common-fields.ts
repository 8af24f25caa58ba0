import type { TObject, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { Metadata } from '../../lib/metadata.js';

/**
 * The members every creating operation request accepts besides its kind's own, added once here
 * to each kind's body schema (pipeline/request-route.ts) and read once by the pipeline.
 */
export const commonRequestFields = {
  metadata: Type.Optional(Metadata),
};

/** What the pipeline reads of the common members of a validated body. */
export interface CommonRequestFields {
  metadata?: Metadata | undefined;
}

/** A kind's body schema with the common members added (its own required list unchanged). */
export function withCommonFields(body: TSchema): TSchema {
  const object = body as TObject;
  if (object.type !== 'object' || object.properties === undefined) return body;
  return { ...object, properties: { ...object.properties, ...commonRequestFields } };
}

export const commonFieldsOf = (body: unknown): CommonRequestFields => body ?? {};
