import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { externalReferenceText } from '../operation-common.schema.js';
import { findOperationByExternalReference } from '../operations.repository.js';

/** The optional `externalReference` member of every creating request's body. */
export const ExternalReference = Type.String({
  ...externalReferenceText,
  description:
    'Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).',
  examples: ['invoice-2026-118'],
});

/** 409 EXTERNAL_REFERENCE_CONFLICT naming the operation that already has the reference. */
export function externalReferenceConflict(
  reference: string,
  existingOperationId: string,
): AppError {
  const detail = `Operation ${existingOperationId} already has externalReference "${reference}"; read it (GET /v1/operations/${existingOperationId}) rather than creating another.`;
  return new AppError('EXTERNAL_REFERENCE_CONFLICT', {
    detail,
    errors: [
      {
        pointer: '/externalReference',
        in: 'body',
        code: 'EXTERNAL_REFERENCE_CONFLICT',
        detail,
      },
    ],
    extensions: { existingOperationId },
  });
}

/** Throws the conflict when another of the customer's operations has `reference`. */
export async function refuseTakenReference(
  db: Db,
  customerId: string,
  reference: string,
): Promise<void> {
  const existing = await findOperationByExternalReference(db, customerId, reference);
  if (existing) throw externalReferenceConflict(reference, existing.id);
}
