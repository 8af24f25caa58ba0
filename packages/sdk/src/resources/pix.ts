import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { PixKeyRecipient } from '../types/pix.js';

/**
 * The PIX key directory. Reach it as `client.pix`; pay a key or a copy-and-paste code with
 * `client.operations.pixPayment`.
 *
 * @example
 * ```ts
 * const recipient = await client.pix.lookupKey('+5511987654321');
 * console.log(recipient.holder.name, recipient.bank?.name);
 * ```
 */
export class PixResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Looks a PIX key up (`GET /v1/pix/keys/{key}`) to show the payer who will receive the money
   * before paying. The key's type is read from its shape (CPF, CNPJ, e-mail, `+55` phone, EVP
   * UUID). A key with no account is a `CofreApiError` with code `PIX_KEY_NOT_FOUND` (404); a
   * malformed one `INVALID_DATA` (400).
   *
   * @example
   * ```ts
   * try {
   *   const r = await client.pix.lookupKey('maria@example.com');
   *   console.log(r.holder.name, r.holder.taxId); // "Mar** Sil**", "***.456.789-**"
   * } catch (e) {
   *   if (e instanceof CofreApiError && e.code === 'PIX_KEY_NOT_FOUND') console.log('no such key');
   * }
   * ```
   */
  lookupKey(key: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<PixKeyRecipient> {
    if (key === '') throw new TypeError('key must not be empty');
    return this.core.request<PixKeyRecipient>({
      ...options,
      method: 'GET',
      path: `/v1/pix/keys/${encodeURIComponent(key)}`,
    });
  }
}
