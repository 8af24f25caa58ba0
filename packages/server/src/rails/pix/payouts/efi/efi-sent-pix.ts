import type { PixPayoutState } from '../pix-payout-adapter.js';

/**
 * Reading Efí's answers about a sent Pix (dev.efipay.com.br/docs/api-pix/envio-pagamento-pix):
 * the send's 201 body (`idEnvio`, `e2eId`, `valor`, `horario.solicitacao`, `status`), the
 * read-back's 200 body (the same fields, but `endToEndId` instead of `e2eId`, and
 * `horario.liquidacao` once settled), and Efí's error bodies, which come in two shapes: its own
 * `{nome, mensagem}` and API Pix's problem+json `{type, title, status, detail, violacoes}`.
 */

/** The statuses Efí documents for a sent Pix (EM_PROCESSAMENTO, REALIZADO, NAO_REALIZADO). */
export const EFI_SENT_PIX_STATUSES = ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'] as const;
export type EfiSentPixStatus = (typeof EFI_SENT_PIX_STATUSES)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The payout's state from a sent-Pix body, or undefined when the body is not one (no status
 * Efí documents, or REALIZADO without an end-to-end id): the caller cannot tell what happened
 * and must not guess.
 */
export function stateOfSentPix(body: unknown): PixPayoutState | undefined {
  if (!isRecord(body)) return undefined;
  const endToEndId = text(body['endToEndId']) ?? text(body['e2eId']);
  switch (body['status']) {
    case 'EM_PROCESSAMENTO':
      return { state: 'PROCESSING', endToEndId };
    case 'REALIZADO':
      return endToEndId === undefined ? undefined : { state: 'COMPLETED', endToEndId };
    case 'NAO_REALIZADO':
      return { state: 'FAILED', endToEndId, reason: failureReason(body) };
    default:
      return undefined;
  }
}

/**
 * Why a sent Pix was not made. Efí's callback for a sent Pix carries `gnExtras.erro` (`codigo`,
 * e.g. the SPI's AC03, and `motivo`); its read-back documents no reason, so one is read when
 * present and a plain sentence is given otherwise.
 */
function failureReason(body: Record<string, unknown>): string {
  const extras = body['gnExtras'];
  const erro = isRecord(extras) && isRecord(extras['erro']) ? extras['erro'] : undefined;
  const motivo = erro === undefined ? undefined : text(erro['motivo']);
  const codigo = erro === undefined ? undefined : text(erro['codigo']);
  if (motivo === undefined) return 'NAO_REALIZADO: the PSP did not make the Pix';
  return codigo === undefined ? `NAO_REALIZADO: ${motivo}` : `NAO_REALIZADO (${codigo}): ${motivo}`;
}

/**
 * The PSP's own words from an error body, or undefined when the body is not one of Efí's two
 * error shapes (then the answer did not come from Efí's application — a proxy, a wrong URL — and
 * means nothing about the payout).
 */
export function efiErrorText(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const nome = text(body['nome']);
  if (nome !== undefined) {
    const mensagem = text(body['mensagem']);
    return mensagem === undefined ? nome : `${nome}: ${mensagem}`;
  }
  const type = text(body['type']);
  const title = text(body['title']);
  if (type === undefined && title === undefined) return undefined;
  const name = type === undefined ? title : type.slice(type.lastIndexOf('/') + 1);
  const reasons = Array.isArray(body['violacoes'])
    ? body['violacoes'].flatMap((v) =>
        isRecord(v) && text(v['razao']) !== undefined ? [text(v['razao'])] : [],
      )
    : [];
  const detail = [text(body['detail']), ...reasons].filter((part) => part !== undefined);
  return detail.length === 0 ? `${name}` : `${name}: ${detail.join('; ')}`;
}
