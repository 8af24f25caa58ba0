import { toIso } from '../../../lib/clock.js';
import type { ApiPix, PspReceivedPix } from '../psp/api-pix.js';

/** GET /pix's largest page (paginacao.itensPorPagina ≤ 1,000). */
const PAGE_SIZE = 1_000;

/** What the PSP said about the day, or why it said nothing usable. */
export type PspDay =
  { kind: 'read'; pix: Map<string, PspReceivedPix> } | { kind: 'refused'; reason: string };

/**
 * Every Pix the PSP lists for [start, end) (GET /pix, every page), by endToEndId. The day has
 * ended, so its pages hold still while they are read; a Pix listed on two pages (API Pix
 * documents no order) is kept once. A PspUnavailable from the client is left to the caller.
 */
export async function readPspDay(
  api: ApiPix,
  bounds: { start: number; end: number },
): Promise<PspDay> {
  const pix = new Map<string, PspReceivedPix>();
  for (let page = 0, pages = 1; page < pages; page++) {
    const read = await api.listReceived({
      inicio: toIso(bounds.start),
      // fim is inclusive: the day's last millisecond.
      fim: toIso(bounds.end - 1),
      paginaAtual: page,
      itensPorPagina: PAGE_SIZE,
    });
    if (read.kind !== 'ok') {
      const status = read.kind === 'refused' ? `${read.status} ${read.problem.title ?? ''}` : '404';
      return { kind: 'refused', reason: `the PSP refused GET /pix (${status.trim()})` };
    }
    pages = read.body.quantidadeDePaginas;
    for (const item of read.body.pix) pix.set(item.endToEndId, item);
  }
  return { kind: 'read', pix };
}
