import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { maskedRecipient, type PixDirectory, type PixRecipient } from './pix-directory.js';
import type { PixKey } from './pix-key.js';

export const pixKeyNotFound = (key: PixKey, pointer?: string): AppError =>
  new AppError('PIX_KEY_NOT_FOUND', {
    detail: `No PIX account is registered for the ${key.keyType} key ${key.key}.`,
    ...(pointer === undefined
      ? {}
      : {
          errors: [
            {
              pointer,
              in: 'body' as const,
              code: 'PIX_KEY_NOT_FOUND',
              detail: `No PIX account is registered for this key.`,
            },
          ],
        }),
  });

/** The directory's masked answer for a normalised key; 404 PIX_KEY_NOT_FOUND when unknown. */
export async function lookupRecipient(
  db: Db,
  directory: PixDirectory,
  key: PixKey,
  pointer?: string,
): Promise<PixRecipient> {
  const entry = await directory.lookup(db, key);
  if (!entry) throw pixKeyNotFound(key, pointer);
  return maskedRecipient(entry);
}
