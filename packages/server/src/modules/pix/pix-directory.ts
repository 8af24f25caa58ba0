import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { PixKey } from './pix-key.js';

/**
 * The PIX key directory (the central bank's DICT, as cofre sees it): who receives a key's
 * payments. A port with two implementations, chosen by environment (pix-directory-for.ts): the
 * sandbox's deterministic one (sandbox/sandbox-pix-directory.ts) and production's table, kept by the
 * operator through the back-office (stored-pix-directory.ts). A deployment wired to a real PIX
 * participant would answer from DICT behind the same interface.
 */
export interface PixHolder {
  type: 'INDIVIDUAL' | 'COMPANY';
  /** In full here; customers only ever see it masked (maskedRecipient). */
  name: string;
  /** Digits (CPF) or characters (CNPJ), unpunctuated. */
  taxId: string;
}

export interface PixBank {
  /** The participant's 8-digit ISPB. */
  ispb: string;
  name: string;
}

export interface DirectoryEntry extends PixKey {
  holder: PixHolder;
  bank: PixBank | null;
}

export interface PixDirectory {
  /** The entry for a normalised key, or undefined when no account is registered for it. */
  lookup(db: Db | Trx, key: PixKey): Promise<DirectoryEntry | undefined>;
}

/** What a customer sees of an entry: the key, the holder masked, the bank. */
export interface PixRecipient extends PixKey {
  holder: PixHolder;
  bank: PixBank | null;
}

/**
 * Masks a holder's name word by word: the first three characters stay (fewer in a short word,
 * so no word shows whole), the rest becomes `**`; particles of one or two letters ("da", "e")
 * stay as they are. "Maria da Silva" → "Mar** da Sil**".
 */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => (word.length <= 2 ? word : `${word.slice(0, Math.min(3, word.length - 1))}**`))
    .join(' ');
}

/**
 * Masks a tax id as PIX apps show it: a CPF keeps its middle six digits (`***.456.789-**`); a
 * CNPJ is public (Receita Federal publishes every company's), so it is shown whole, punctuated.
 */
export function maskTaxId(type: PixHolder['type'], taxId: string): string {
  if (type === 'INDIVIDUAL') return `***.${taxId.slice(3, 6)}.${taxId.slice(6, 9)}-**`;
  return `${taxId.slice(0, 2)}.${taxId.slice(2, 5)}.${taxId.slice(5, 8)}/${taxId.slice(8, 12)}-${taxId.slice(12)}`;
}

export function maskedRecipient(entry: DirectoryEntry): PixRecipient {
  return {
    keyType: entry.keyType,
    key: entry.key,
    holder: {
      type: entry.holder.type,
      name: maskName(entry.holder.name),
      taxId: maskTaxId(entry.holder.type, entry.holder.taxId),
    },
    bank: entry.bank,
  };
}
