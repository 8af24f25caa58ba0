import { Type, TypeGuard, type TSchema } from '@sinclair/typebox';
import type { Metadata as MetadataPairs } from '../../lib/metadata.js';
import { Metadata } from '../../lib/metadata.js';
import { ExternalReference } from './external-reference.js';

/**
 * The members every creating operation request accepts besides its kind's own: `metadata`
 * (docs/api.md "Metadata") and `externalReference` ("External references"). They are added once
 * here to each kind's body schema (pipeline/request-route.ts), so no kind declares them and none
 * can forget them; the route takes them out of the body, so a kind's draft sees only its own.
 */
const commonRequestFields = {
  metadata: Type.Optional(Metadata),
  externalReference: Type.Optional(ExternalReference),
};

/** The common members of a validated body. */
export interface CommonRequestFields {
  metadata?: MetadataPairs | undefined;
  externalReference?: string | undefined;
}

/** A kind's body schema with the common members added (its own required list unchanged). */
export function withCommonFields(body: TSchema): TSchema {
  if (!TypeGuard.IsObject(body)) throw new Error('an operation request body must be an object');
  return { ...body, properties: { ...body.properties, ...commonRequestFields } };
}

/** A validated body split into the common members and the kind's own. */
export function splitCommonFields(body: unknown): { common: CommonRequestFields; own: object } {
  const { metadata, externalReference, ...own } = (body ?? {}) as CommonRequestFields;
  return { common: { metadata, externalReference }, own };
}
