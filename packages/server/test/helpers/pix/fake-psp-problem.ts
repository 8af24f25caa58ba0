/** One answer of the fake PSP. `contentType` defaults to JSON; `body` undefined sends none. */
export interface FakePspReply {
  status: number;
  body?: unknown;
  /** Sent as it is instead of `body` (a proxy's HTML page, a truncated answer). */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * An API Pix error answer (components.schemas.Problema, RFC 7807, application/problem+json),
 * with the type URIs the document's error catalogue uses (https://pix.bcb.gov.br/api/v2/error/<Tipo>).
 */
export function problem(
  status: number,
  tipo: string,
  title: string,
  detail?: string,
  violacoes?: { razao: string; propriedade: string }[],
): FakePspReply {
  return {
    status,
    contentType: 'application/problem+json',
    body: {
      type: `https://pix.bcb.gov.br/api/v2/error/${tipo}`,
      title,
      status,
      ...(detail === undefined ? {} : { detail }),
      ...(violacoes === undefined || violacoes.length === 0 ? {} : { violacoes }),
    },
  };
}
