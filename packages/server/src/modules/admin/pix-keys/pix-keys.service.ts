import type { Db } from '../../../db/database.js';
import { toIso, type Clock } from '../../../lib/clock.js';
import { invalidData, notFound } from '../../../lib/errors.js';
import { checkHolderTaxId } from '../../beneficiaries/index.js';
import {
  findPixKey,
  parseBareKey,
  removePixKey,
  upsertPixKey,
  type PixKey,
  type PixKeyRow,
} from '../../pix/index.js';
import { audited, type ActionContext } from '../audited.js';
import type { OperatorPixKey, PutPixKeyBody } from './pix-keys.schemas.js';

const operatorView = (row: PixKeyRow): OperatorPixKey => ({
  keyType: row.key_type,
  key: row.key,
  holder: { type: row.holder_type, name: row.holder_name, taxId: row.holder_tax_id },
  bank: row.bank_ispb === null ? null : { ispb: row.bank_ispb, name: row.bank_name ?? '' },
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

/** A path key, its type read from its shape and normalised; 400 INVALID_DATA otherwise. */
function pathKey(raw: string): PixKey {
  const parsed = parseBareKey(raw, '');
  if (parsed.kind === 'invalid') {
    throw invalidData(parsed.errors.map((e) => ({ ...e, in: 'path' as const })));
  }
  return parsed.key;
}

/**
 * The back-office side of production's PIX directory (docs/admin.md "PIX key directory"): set
 * and remove keys, each with one audit row in the same transaction (audited.ts).
 */
export class PixKeysAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async get(raw: string): Promise<OperatorPixKey> {
    const key = pathKey(raw);
    const row = await findPixKey(this.deps.db, key.key);
    if (!row) throw notFound('PIX key', key.key);
    return operatorView(row);
  }

  /** Registers the key or replaces its entry; `created` says which (201 or 200). */
  set(
    ctx: ActionContext,
    raw: string,
    body: PutPixKeyBody,
  ): Promise<{ created: boolean; entry: OperatorPixKey }> {
    const key = pathKey(raw);
    const taxId = checkHolderTaxId(body.holder.type, body.holder.taxId);
    if (taxId.kind === 'invalid') throw invalidData(taxId.errors);
    const audit = { action: 'PIX_KEY_SET', subjectType: 'PIX_KEY' } as const;
    return audited(this.deps, ctx, audit, async (tx, at) => {
      const before = await findPixKey(tx.trx, key.key);
      const values = {
        key_type: key.keyType,
        holder_type: body.holder.type,
        holder_name: body.holder.name,
        holder_tax_id: taxId.taxId,
        bank_ispb: body.bank?.ispb ?? null,
        bank_name: body.bank?.name ?? null,
        updated_at: at,
      };
      await upsertPixKey(tx.trx, key.key, values, at);
      const after = operatorView((await findPixKey(tx.trx, key.key))!);
      return {
        subjectId: key.key,
        before: before ? operatorView(before) : null,
        after,
        result: { created: !before, entry: after },
      };
    });
  }

  /** Removes the key: payments to it are refused from now on (404 PIX_KEY_NOT_FOUND). */
  remove(ctx: ActionContext, raw: string): Promise<void> {
    const key = pathKey(raw);
    const audit = { action: 'PIX_KEY_REMOVED', subjectType: 'PIX_KEY' } as const;
    return audited(this.deps, ctx, audit, async (tx) => {
      const before = await removePixKey(tx.trx, key.key);
      if (!before) throw notFound('PIX key', key.key);
      return { subjectId: key.key, before: operatorView(before), after: null, result: undefined };
    });
  }
}
