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
