import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Page } from '../pagination/page.js';
import { paginate } from '../pagination/paginate.js';
import type {
  Beneficiary,
  BeneficiaryFilters,
  CreateBeneficiaryInput,
  ListBeneficiariesQuery,
  PaymentInstruction,
  PaymentInstructionInput,
  UpdateBeneficiaryInput,
} from '../types/beneficiary.js';

const segment = (name: string, value: string): string => {
  if (value === '') throw new TypeError(`${name} must not be empty`);
  return encodeURIComponent(value);
};

/**
 * Beneficiaries and their payment instructions. Reach it as `client.beneficiaries`. Every new
 * instruction is reviewed (`PENDING_REVIEW` → `APPROVED` | `REJECTED`); withdrawals go only to
 * an `APPROVED` one.
 *
 * @example
 * ```ts
 * const ben = await client.beneficiaries.create({
 *   holder: { type: 'COMPANY', name: 'ACME Ltda', taxId: '11.222.333/0001-81' },
 *   relationshipType: 'SELF_OWNED',
 *   paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'CNPJ', key: '11222333000181' },
 * });
 * ```
 */
export class BeneficiariesResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Creates a beneficiary with its first payment instruction (`POST /v1/beneficiaries`). Sends
   * `options.idempotencyKey`, or a random one, as `Idempotency-Key`.
   *
   * @example
   * ```ts
   * const ben = await client.beneficiaries.create(input, { idempotencyKey: randomUUID() });
   * ```
   */
  create(input: CreateBeneficiaryInput, options: RequestOptions = {}): Promise<Beneficiary> {
    return this.core.request<Beneficiary>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path: '/v1/beneficiaries',
      body: input,
    });
  }

  /**
   * Reads one beneficiary (`GET /v1/beneficiaries/{id}`); another customer's is a 404.
   *
   * @example
   * ```ts
   * const ben = await client.beneficiaries.get('ben_01JD0000000000000000000000');
   * ```
   */
  async get(
    beneficiaryId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Beneficiary> {
    return this.core.request<Beneficiary>({
      ...options,
      method: 'GET',
      path: `/v1/beneficiaries/${segment('beneficiaryId', beneficiaryId)}`,
    });
  }

  /**
   * Changes a beneficiary's metadata (`PATCH /v1/beneficiaries/{id}`): the pairs given are
   * merged, a key set to `""` is removed, `metadata: null` removes every key.
   *
   * @example
   * ```ts
   * const ben = await client.beneficiaries.update('ben_01JD0000000000000000000000', { metadata: { supplierId: 'S-77' } });
   * ```
   */
  async update(
    beneficiaryId: string,
    input: UpdateBeneficiaryInput,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Beneficiary> {
    return this.core.request<Beneficiary>({
      ...options,
      method: 'PATCH',
      path: `/v1/beneficiaries/${segment('beneficiaryId', beneficiaryId)}`,
      body: input,
    });
  }

  /**
   * Reads one page of beneficiaries (`GET /v1/beneficiaries`), newest first by default.
   *
   * @example
   * ```ts
   * const page = await client.beneficiaries.list({ taxId: '529.982.247-25' });
   * const tagged = await client.beneficiaries.list({ metadata: { supplierId: 'S-77' } });
   * ```
   */
  list(
    query: ListBeneficiariesQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Page<Beneficiary>> {
    const { limit, cursor, direction, sortOrder, taxId, metadata } = query;
    return this.core.request<Page<Beneficiary>>({
      ...options,
      method: 'GET',
      path: '/v1/beneficiaries',
      query: { limit, cursor, direction, sortOrder, taxId, metadata },
    });
  }

  /**
   * Every beneficiary matching `filters`, across all pages, each once, in list order.
   *
   * @example
   * ```ts
   * for await (const ben of client.beneficiaries.iterate({ limit: 100 })) console.log(ben.id);
   * ```
   */
  iterate(
    filters: BeneficiaryFilters = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): AsyncGenerator<Beneficiary, void, undefined> {
    return paginate((cursor) => this.list({ ...filters, cursor }, options));
  }

  /**
   * Adds a payment instruction (`POST /v1/beneficiaries/{id}/paymentInstructions`) and returns
   * it, `PENDING_REVIEW`. The same instruction twice is a 409 `DUPLICATE_PAYMENT_INSTRUCTION`.
   *
   * @example
   * ```ts
   * const pin = await client.beneficiaries.addPaymentInstruction(ben.id, {
   *   rail: 'BANK_ACCOUNT', asset: 'BRL', ispb: '60746948', branch: '0001', accountNumber: '12345-6', accountType: 'CHECKING',
   * });
   * ```
   */
  async addPaymentInstruction(
    beneficiaryId: string,
    input: PaymentInstructionInput,
    options: RequestOptions = {},
  ): Promise<PaymentInstruction> {
    return this.core.request<PaymentInstruction>({
      ...options,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      method: 'POST',
      path: `/v1/beneficiaries/${segment('beneficiaryId', beneficiaryId)}/paymentInstructions`,
      body: input,
    });
  }

  /**
   * Removes a payment instruction (`DELETE …/paymentInstructions/{instructionId}`): no new
   * operation may use it. Removing it again is a 404.
   *
   * @example
   * ```ts
   * await client.beneficiaries.removePaymentInstruction(ben.id, pin.id);
   * ```
   */
  async removePaymentInstruction(
    beneficiaryId: string,
    instructionId: string,
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<void> {
    await this.core.request<undefined>({
      ...options,
      method: 'DELETE',
      path: `/v1/beneficiaries/${segment('beneficiaryId', beneficiaryId)}/paymentInstructions/${segment('instructionId', instructionId)}`,
    });
  }
}
