import { describe, expect, it } from 'vitest';
import { cofre } from './helpers/run-cli.js';

const CREDENTIALS = { COFRE_CLIENT_ID: 'cli_x', COFRE_CLIENT_SECRET: 'secret' };

// The relaying itself runs against a real server in
// packages/server/test/e2e/listen.forced-disconnect.test.ts; these are the refusals before it.
describe('cofre listen, before it connects', () => {
  it('needs client credentials (exit 2)', async () => {
    const run = await cofre(['listen', '--forward-to', 'http://localhost:3000/webhooks'], {});
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain('COFRE_CLIENT_ID');
  });

  it('needs an http(s) URL to forward to (exit 2)', async () => {
    const notUrl = await cofre(['listen', '--forward-to', 'localhost:3000'], CREDENTIALS);
    expect(notUrl.code).toBe(2);
    const ftp = await cofre(['listen', '--forward-to', 'ftp://localhost/x'], CREDENTIALS);
    expect(ftp.code).toBe(2);
  });

  it('refuses --events with --subscription (exit 2)', async () => {
    const run = await cofre(
      [
        'listen',
        '--forward-to',
        'http://localhost:3000/',
        '--subscription',
        'sub_x',
        '--events',
        'ACCOUNT_CREATED',
      ],
      CREDENTIALS,
    );
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain('--subscription');
  });

  it('says which API it cannot reach (exit 1)', async () => {
    const run = await cofre(
      ['listen', '--forward-to', 'http://localhost:3000/', '--api-url', 'http://127.0.0.1:47'],
      CREDENTIALS,
    );
    expect(run.code).toBe(1);
    expect(run.err.join('\n')).toContain('cannot reach http://127.0.0.1:47');
  });
});
