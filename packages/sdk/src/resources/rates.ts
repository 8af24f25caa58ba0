import type { RequestOptions } from '../core/api-request.js';
import type { RequestCore } from '../core/request-core.js';
import type { Rate, RatesQuery } from '../types/quote.js';

/**
 * Indicative exchange rates (docs/api.md "Rates"). Reach it as `client.rates`.
 *
 * @example
 * ```ts
 * const rates = await client.rates.list({ base: 'BRL' });
 * ```
 */
export class RatesResource {
  constructor(private readonly core: RequestCore) {}

  /**
   * Every directed pair with a current rate (`GET /v1/rates`), optionally only those selling
   * `base` and/or buying `quote`. Indicative: a quote fixes a rate.
   *
   * @example
   * ```ts
   * const [brlUsdt] = await client.rates.list({ base: 'BRL', quote: 'USDT' });
   * console.log(brlUsdt?.rate); // e.g. "0.184463943544"
   * ```
   */
  async list(
    query: RatesQuery = {},
    options: Pick<RequestOptions, 'signal'> = {},
  ): Promise<Rate[]> {
    const page = await this.core.request<{ data: Rate[] }>({
      ...options,
      method: 'GET',
      path: '/v1/rates',
      query: { base: query.base, quote: query.quote },
    });
    return page.data;
  }
}
