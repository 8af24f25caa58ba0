import type { paths } from '../generated/openapi-types.js';

// Aliases onto the types generated from the server's OpenAPI document, so they cannot drift.

/**
 * The body of `POST /v1/operations/pixPayment`: `pixKey` with `amount`, or `brCode` (a PIX
 * copy-and-paste code; `amount` only when the code carries none, or equal to it).
 *
 * @example
 * ```ts
 * const toKey: PixPaymentInput = {
 *   accountId: 'acc_01JD0000000000000000000000',
 *   amount: '150.00',
 *   pixKey: { keyType: 'EMAIL', key: 'maria@example.com' },
 * };
 * const toCode: PixPaymentInput = { accountId: 'acc_01JD0000000000000000000000', brCode: '000201…6304ABCD' };
 * ```
 */
export type PixPaymentInput =
  paths['/v1/operations/pixPayment']['post']['requestBody']['content']['application/json'];

/**
 * What `GET /v1/pix/keys/{key}` answers: the key (type read from its shape, normalised), its
 * holder with the name and CPF masked, and its bank when known.
 *
 * @example
 * ```ts
 * const r: PixKeyRecipient = await client.pix.lookupKey('maria@example.com');
 * console.log(r.holder.name); // "Mar** Sil**"
 * ```
 */
export type PixKeyRecipient =
  paths['/v1/pix/keys/{key}']['get']['responses']['200']['content']['application/json'];
