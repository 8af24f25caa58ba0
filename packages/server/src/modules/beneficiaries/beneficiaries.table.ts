import type { Generated, Insertable, Selectable } from 'kysely';

export const HOLDER_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;
export type HolderType = (typeof HOLDER_TYPES)[number];

export const RELATIONSHIP_TYPES = ['SELF_OWNED', 'THIRD_PARTY'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export interface BeneficiariesTable {
  id: string;
  customer_id: string;
  holder_type: HolderType;
  holder_name: string;
  /** Normalised: CPF digits (INDIVIDUAL) or CNPJ characters (COMPANY), no punctuation. */
  tax_id: string;
  relationship_type: RelationshipType;
  /** JSON of the integrator's metadata (lib/metadata.ts), `{}` when none (migration 0017). */
  metadata: Generated<string>;
  created_at: number;
  updated_at: number;
}

export type BeneficiaryRow = Selectable<BeneficiariesTable>;
export type NewBeneficiaryRow = Insertable<BeneficiariesTable>;
