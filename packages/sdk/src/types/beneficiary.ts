import type { components, paths } from '../generated/openapi-types.js';

// Aliases onto the types generated from the server's OpenAPI document, so they cannot drift.

/**
 * A beneficiary as the API returns it: the holder, the relationship and its payment instructions
 * not removed, oldest first.
 *
 * @example
 * ```ts
 * const beneficiary: Beneficiary = await client.beneficiaries.get('ben_01JD0000000000000000000000');
 * const approved = beneficiary.paymentInstructions.filter((i) => i.status === 'APPROVED');
 * ```
 */
export type Beneficiary = components['schemas']['Beneficiary'];

/**
 * One payment instruction (PIX key, bank account or crypto wallet) and its review:
 * `PENDING_REVIEW`, then `APPROVED` or `REJECTED` (with `reason`).
 *
 * @example
 * ```ts
 * const usable = (i: PaymentInstruction) => i.status === 'APPROVED';
 * ```
 */
export type PaymentInstruction = components['schemas']['PaymentInstruction'];

/**
 * The body of `POST /v1/beneficiaries`.
 *
 * @example
 * ```ts
 * const input: CreateBeneficiaryInput = {
 *   holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '529.982.247-25' },
 *   relationshipType: 'THIRD_PARTY',
 *   paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'maria@example.com' },
 * };
 * ```
 */
export type CreateBeneficiaryInput =
  paths['/v1/beneficiaries']['post']['requestBody']['content']['application/json'];

/**
 * A payment instruction to add (`POST /v1/beneficiaries/{id}/paymentInstructions`), one shape
 * per `rail`.
 *
 * @example
 * ```ts
 * const wallet: PaymentInstructionInput = {
 *   rail: 'CRYPTO_WALLET', asset: 'USDT', network: 'TRON', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
 * };
 * ```
 */
export type PaymentInstructionInput =
  paths['/v1/beneficiaries/{beneficiaryId}/paymentInstructions']['post']['requestBody']['content']['application/json'];

/**
 * The body of `PATCH /v1/beneficiaries/{id}`: the metadata to merge (a key set to `""` is
 * removed; `null` removes every key). docs/api.md "Metadata".
 *
 * @example
 * ```ts
 * const input: UpdateBeneficiaryInput = { metadata: { supplierId: 'S-77' } };
 * ```
 */
export type UpdateBeneficiaryInput =
  paths['/v1/beneficiaries/{beneficiaryId}']['patch']['requestBody']['content']['application/json'];

/**
 * The query of `GET /v1/beneficiaries`: pagination plus the `taxId` filter.
 *
 * @example
 * ```ts
 * const query: ListBeneficiariesQuery = { taxId: '52998224725', limit: 25 };
 * ```
 */
export type ListBeneficiariesQuery = NonNullable<
  paths['/v1/beneficiaries']['get']['parameters']['query']
>;

/**
 * What `beneficiaries.iterate` takes: the filters, sort order and page size, without a cursor.
 *
 * @example
 * ```ts
 * const filters: BeneficiaryFilters = { taxId: '11222333000181', limit: 100 };
 * ```
 */
export type BeneficiaryFilters = Omit<ListBeneficiariesQuery, 'cursor' | 'direction'>;
