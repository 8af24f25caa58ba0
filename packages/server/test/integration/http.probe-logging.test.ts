import { describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import { useTestApp } from '../helpers/world.js';

interface LogLine {
  msg?: string;
  url?: string;
  statusCode?: number;
  requestId?: string;
}

const COMPLETION = new Set(['request completed', 'request errored']);

// Issue 14 point 5: orchestrators and Prometheus call these every few seconds; a line each would
// drown the log. Their failures are still logged.
describe.each(ENGINES)('health probes in the request log on %s', (engine) => {
  const raw: string[] = [];

  const t = useTestApp(engine, {
    logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } },
  });

  const completions = () =>
    raw.map((line) => JSON.parse(line) as LogLine).filter((l) => COMPLETION.has(l.msg ?? ''));

  it('writes no line for a successful /healthz, /readyz or /metrics, and one for a failed probe', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics', '/readyz?probe=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // A request that is not a probe, and a probe that fails, are logged as before.
    const failed = await t.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(failed.statusCode).toBe(405);
    await t.app.inject({ method: 'GET', url: '/v1/events' });
    await waitFor('the last line', () =>
      completions().some((l) => l.url === '/v1/events') ? true : undefined,
    );
    const logged = completions().map((l) => `${l.url} ${l.statusCode}`);
    expect(logged.filter((line) => /^\/(healthz|readyz|metrics)/.test(line))).toEqual(
      expect.arrayContaining(['/healthz 405']),
    );
    expect(
      logged.filter((line) => / 200$/.test(line) && /^\/(healthz|readyz|metrics)/.test(line)),
    ).toEqual([]);
  });
});
