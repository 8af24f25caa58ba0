import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { DirectoryEntry, PixDirectory } from './pix-directory.js';
import type { PixKeyRow } from './pix-keys.table.js';

/** Production's directory: the `pix_keys` table the operator keeps (a key not in it → 404). */
export const storedPixDirectory: PixDirectory = {
  async lookup(db, key) {
    const row = await findPixKey(db, key.key);
    return row && row.key_type === key.keyType ? entryOf(row) : undefined;
  },
};

export const findPixKey = (db: Db | Trx, key: string) =>
  db.selectFrom('pix_keys').selectAll().where('key', '=', key).executeTakeFirst();

export function entryOf(row: PixKeyRow): DirectoryEntry {
  return {
    keyType: row.key_type,
    key: row.key,
    holder: { type: row.holder_type, name: row.holder_name, taxId: row.holder_tax_id },
    bank: row.bank_ispb === null ? null : { ispb: row.bank_ispb, name: row.bank_name ?? '' },
  };
}

/** Registers `key` or replaces its entry, in one statement. */
export async function upsertPixKey(
  trx: Trx,
  key: string,
  values: Omit<PixKeyRow, 'key' | 'created_at'>,
  at: number,
): Promise<void> {
  // One statement either way: two operators setting a new key at once both succeed, the
  // later one's entry stays (no primary-key violation between a read and an insert).
  await trx
    .insertInto('pix_keys')
    .values({ key, ...values, created_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

/** Removes `key`; answers the row it removed, if there was one. */
export function removePixKey(trx: Trx, key: string): Promise<PixKeyRow | undefined> {
  return trx.deleteFrom('pix_keys').where('key', '=', key).returningAll().executeTakeFirst();
}
