import type { Db } from '../../db/database.js';

export async function findKeyMaterial(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('signing_keys')
    .select('material')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.material;
}

/** Stores a key unless one of that name exists (the first process to start wins). */
export async function insertKeyIfAbsent(
  db: Db,
  name: string,
  material: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({ name, material, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
