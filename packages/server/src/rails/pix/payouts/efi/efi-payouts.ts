import { PspUnavailable } from '../../psp/api-pix.js';
import type { PspExchange, PspTransport } from '../../psp/psp-transport.js';
import type { PixPayoutAdapter, PixPayoutOrder, PixPayoutState } from '../pix-payout-adapter.js';
import { efiErrorText, stateOfSentPix } from './efi-sent-pix.js';

/**
 * The payout adapter for Efí Pay (ex-Gerencianet), over the same token and certificate as its
 * API Pix (dev.efipay.com.br/docs/api-pix/envio-pagamento-pix):
 *
 * - to a key: `PUT /v3/gn/pix/{idEnvio}` (scope pix.send) with `{valor, pagador: {chave,
 *   infoPagador?}, favorecido: {chave}}`;
 * - a BR Code: `PUT /v2/gn/pix/{idEnvio}/qrcode` (scope gn.qrcodes.pay) with `{pagador,
 *   pixCopiaECola}` — the amount is the code's;
 * - read back: `GET /v2/gn/pix/enviados/id-envio/{idEnvio}` (scope gn.pix.send.read), 404 when
 *   Efí holds nothing under that id.
 *
 * Efí does not replay a repeated idEnvio: it answers 409 `id_envio_duplicado` and pays nothing,
 * so a duplicate is answered with what the read-back says. Both sends share one idEnvio space.
 * Efí reports the outcome through the payer key's webhook (it requires one to enable sending) and
 * the read-back; the send itself answers EM_PROCESSAMENTO.
 */
export interface EfiPayoutsOptions {
  /**
   * COFRE_PIX_PSP_URL. Efí serves API Pix under /v2 (`https://pix.api.efipay.com.br/v2`) and
   * its own endpoints beside it with their own version prefixes (/v2/gn, /v3/gn), so the payout
   * paths are taken from this URL's origin, not appended to its path.
   */
  pspUrl: string;
}

/** Efí's idEnvio (`^[a-zA-Z0-9]{1,35}$`); cofre's are the 26 characters of an operation id. */
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
/** Efí's `valor` (`\d{1,10}\.\d{2}`), as API Pix's. */
const VALOR = /^\d{1,10}\.\d{2}$/;

export function efiPayouts(transport: PspTransport, options: EfiPayoutsOptions): PixPayoutAdapter {
  const origin = new URL(options.pspUrl).origin;
  const url = (path: string) => `${origin}${path}`;

  async function lookup(idEnvio: string): Promise<PixPayoutState | { state: 'NOT_FOUND' }> {
    checkIdEnvio(idEnvio);
    const answer = await transport.request('GET', url(`/v2/gn/pix/enviados/id-envio/${idEnvio}`));
    if (answer.status === 404 && efiErrorText(answer.body) !== undefined)
      return { state: 'NOT_FOUND' };
    if (answer.status === 200) {
      const state = stateOfSentPix(answer.body);
      if (state !== undefined) return state;
    }
    throw unexpected('read-back', answer);
  }

  async function send(idEnvio: string, order: PixPayoutOrder): Promise<PixPayoutState> {
    checkIdEnvio(idEnvio);
    if (!('brCode' in order.to) && !VALOR.test(order.amount)) {
      // Refused before anything is sent: Efí would refuse it too, and a bug elsewhere must not
      // turn into a payout stuck in retries.
      return {
        state: 'FAILED',
        endToEndId: undefined,
        reason: `amount ${order.amount} is not an Efí valor`,
      };
    }
    const answer = await transport.request('PUT', ...request(idEnvio, order));
    if (answer.status === 200 || answer.status === 201) {
      const state = stateOfSentPix(answer.body);
      if (state !== undefined) return state;
      throw unexpected('send', answer);
    }
    return await afterNoSend(idEnvio, answer);
  }

  /**
   * A send Efí did not accept. A refusal (400, 404, 422 with Efí's error) is FAILED only once the
   * read-back confirms Efí holds nothing under the id: a send repeated after a lost answer can be
   * refused for a reason (balance, limits) that the first one's success caused. A 409 is the
   * duplicate answer: the payout is whatever Efí holds. Anything else says nothing about it.
   */
  async function afterNoSend(idEnvio: string, answer: PspExchange): Promise<PixPayoutState> {
    const refusal = efiErrorText(answer.body);
    const refused = [400, 404, 422].includes(answer.status) && refusal !== undefined;
    if (!refused && answer.status !== 409) throw unexpected('send', answer);
    const held = await lookup(idEnvio);
    if (held.state !== 'NOT_FOUND') return held;
    if (answer.status === 409) {
      throw new PspUnavailable(
        `Efí answered 409 to idEnvio ${idEnvio} but holds no Pix under it`,
        undefined,
        409,
      );
    }
    return { state: 'FAILED', endToEndId: undefined, reason: `Efí ${answer.status} ${refusal}` };
  }

  function request(idEnvio: string, order: PixPayoutOrder): [string, { body: unknown }] {
    const pagador = {
      chave: order.payerKey,
      ...(order.description === undefined ? {} : { infoPagador: order.description }),
    };
    if ('brCode' in order.to) {
      return [
        url(`/v2/gn/pix/${idEnvio}/qrcode`),
        { body: { pagador, pixCopiaECola: order.to.brCode } },
      ];
    }
    return [
      url(`/v3/gn/pix/${idEnvio}`),
      { body: { valor: order.amount, pagador, favorecido: { chave: order.to.key } } },
    ];
  }

  return { name: 'efi', send, lookup };
}

function checkIdEnvio(idEnvio: string): void {
  // The rail derives the id from an operation id; anything else is a bug, not a PSP answer.
  if (!ID_ENVIO.test(idEnvio))
    throw new TypeError(`not an Efí idEnvio: ${JSON.stringify(idEnvio)}`);
}

/**
 * An answer the adapter cannot read: a status Efí does not document for the call, a body of
 * neither of its shapes, a sent-Pix status it does not document. The outcome stays unknown.
 */
function unexpected(call: string, answer: PspExchange): PspUnavailable {
  const said = efiErrorText(answer.body);
  return new PspUnavailable(
    `Efí's ${call} answered ${answer.status}${said === undefined ? ' with a body cofre cannot read' : ` (${said})`}`,
    undefined,
    answer.status,
  );
}
