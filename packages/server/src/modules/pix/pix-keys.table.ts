import type { Selectable } from 'kysely';

/** Production's PIX directory, kept by the operator (docs/admin.md "PIX key directory"). */
export interface PixKeysTable {
  /** The normalised key (pix-key.ts), unique across types since their shapes never overlap. */
  key: string;
  key_type: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
  holder_type: 'INDIVIDUAL' | 'COMPANY';
  holder_name: string;
  holder_tax_id: string;
  bank_ispb: string | null;
  bank_name: string | null;
  created_at: number;
  updated_at: number;
}

export type PixKeyRow = Selectable<PixKeysTable>;
