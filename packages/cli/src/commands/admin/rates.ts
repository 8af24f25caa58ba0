import type { Command } from 'commander';
import type { AdminCli, Describe } from './admin-command.js';
import { common, seg } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';

const rateLines: Describe = (body, io) => {
  const { data } = body as {
    data: { base: string; quote: string; rate: string; updatedAt: string }[];
  };
  // An empty answer must still say something: silence reads as a hang or a failure.
  if (data.length === 0) io.out('no rates set; `cofre admin rates set BASE QUOTE RATE` sets one');
  for (const r of data) io.out(`${r.base}/${r.quote}  ${r.rate}  (set ${r.updatedAt})`);
};

/** `cofre admin rates list | set`: production exchange rates. */
export function ratesCommands(admin: Command, { run, call }: AdminCli): void {
  const rates = admin
    .command('rates')
    .description('production exchange rates (docs/admin.md "Rates")');
  common(rates.command('list'))
    .description('list the stored rates, one per directed pair')
    .action(
      run((opts: AdminOptions) => call(opts, 'GET', '/admin/v1/rates', undefined, rateLines)),
    );
  common(rates.command('set').argument('<base>').argument('<quote>').argument('<rate>'))
    .description('set how much QUOTE one BASE buys (spread included), e.g. set BRL USDT 0.185')
    .action(
      run((base: string, quote: string, rate: string, opts: AdminOptions) =>
        call(opts, 'PUT', `/admin/v1/rates/${seg(base)}/${seg(quote)}`, { rate }, (body, out) =>
          rateLines({ data: [body] }, out),
        ),
      ),
    );
}
