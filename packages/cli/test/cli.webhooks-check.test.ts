import { generateWebhookKeyPair, generateWebhookSecret } from '@cofre/sdk/webhooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReceiverApp } from '../../../examples/receiver/src/receiver-app.js';
import { cofre } from './helpers/run-cli.js';
import {
  NAIVE,
  STANDARD_WEBHOOKS_MINDED,
  startScriptedReceiver,
  type ReceiverFlaws,
} from './helpers/scripted-receivers.js';

const SECRET = generateWebhookSecret();
const FORMATS = ['cofre', 'standard-webhooks'] as const;
const CASES = [
  'valid',
  'duplicate',
  'resend-later',
  'forged',
  'stale-timestamp',
  'rotation-pair',
  're-serialised',
  'out-of-order',
  'slow-ack',
];
const dir = mkdtempSync(join(tmpdir(), 'cofre-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Graded {
  code: number;
  failed: string[];
  results: { id: string; observed: string; pass: boolean }[];
  err: string[];
}

/** `cofre webhooks check URL --json …`: the exit code and which cases failed, in table order. */
async function grade(
  url: string,
  format: string,
  extra: string[] = [],
  secret = SECRET,
): Promise<Graded> {
  const run = await cofre(
    ['webhooks', 'check', url, '--secret', secret, '--format', format, '--json', ...extra],
    {},
  );
  const { results } = JSON.parse(run.out.join('\n')) as { results: Graded['results'] };
  expect(results.map((r) => r.id)).toEqual(CASES);
  return {
    code: run.code,
    failed: results.filter((r) => !r.pass).map((r) => r.id),
    results,
    err: run.err,
  };
}

async function withReceiver<T>(flaws: ReceiverFlaws, use: (url: string) => Promise<T>) {
  const receiver = await startScriptedReceiver(SECRET, flaws);
  try {
    return await use(receiver.url);
  } finally {
    await receiver.close();
  }
}

describe('cofre webhooks check grades a naive receiver', () => {
  it.each(FORMATS)(
    'fails, in the %s format, every case but a valid delivery and the rotation pair',
    async (format) => {
      const graded = await withReceiver(NAIVE, (url) => grade(url, format));
      expect(graded.code).toBe(1);
      expect(graded.failed).toEqual([
        'duplicate',
        'resend-later',
        'forged',
        'stale-timestamp',
        're-serialised',
        'out-of-order',
        'slow-ack',
      ]);
      const observed = Object.fromEntries(graded.results.map((r) => [r.id, r.observed]));
      expect(observed.duplicate).toBe('200, 200; processed 2');
      expect(observed.forged).toBe('200; processed 1');
      expect(observed['out-of-order']).toBe('200, 200; holds REQUESTED');
    },
  );
});

describe('cofre webhooks check grades each format by its own rules', () => {
  it('fails a receiver that checks the cofre format’s timestamp in minutes and only the first signature', async () => {
    const graded = await withReceiver(STANDARD_WEBHOOKS_MINDED, (url) => grade(url, 'cofre'));
    expect(graded.failed).toEqual(['resend-later', 'stale-timestamp', 'rotation-pair']);
    expect(graded.results.find((r) => r.id === 'stale-timestamp')?.observed).toBe(
      '400, 400; processed 0',
    );
  });

  it('passes the same receiver’s 5-minute tolerance in standard-webhooks, failing only the rotation pair', async () => {
    const graded = await withReceiver(STANDARD_WEBHOOKS_MINDED, (url) =>
      grade(url, 'standard-webhooks'),
    );
    expect(graded.failed).toEqual(['rotation-pair']);
  });
});

describe('cofre webhooks check grades examples/receiver', () => {
  const app = createReceiverApp({
    secret: SECRET,
    databaseFile: join(dir, 'example.db'),
    checkEndpoint: true,
    handler: () => {},
  });
  let url = '';
  afterAll(() => app.close());

  it.each(FORMATS)('passes every case in the %s format, exit code 0', async (format) => {
    if (url === '') {
      await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`;
    }
    const graded = await grade(url, format);
    expect(graded).toMatchObject({ code: 0, failed: [], err: [] });
  });
});

// Issue 27, point 6: the grader signs with an Ed25519 private key (`v1a`), and the example
// receiver, given only the public key, passes every case.
describe('cofre webhooks check grades an Ed25519 receiver', () => {
  const pair = generateWebhookKeyPair();
  const app = createReceiverApp({
    secret: pair.publicKey,
    databaseFile: join(dir, 'example-ed25519.db'),
    checkEndpoint: true,
    handler: () => {},
  });
  afterAll(() => app.close());

  it('passes examples/receiver holding only the whpk_ key, exit code 0', async () => {
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`;
    const graded = await grade(url, 'standard-webhooks', [], pair.privateKey);
    expect(graded).toMatchObject({ code: 0, failed: [], err: [] });
  });
});

describe('cofre webhooks check, slow and racing receivers', () => {
  it('fails only the slow acknowledgement of a receiver whose deduplication is check-then-act', async () => {
    const flaws: ReceiverFlaws = { ...STANDARD_WEBHOOKS_MINDED, dedupe: 'check-then-act' };
    const graded = await withReceiver(flaws, (url) => grade(url, 'standard-webhooks'));
    expect(graded.failed).toEqual(['rotation-pair', 'slow-ack']);
    expect(graded.results.find((r) => r.id === 'slow-ack')?.observed).toBe('200, 200; processed 2');
  });

  it('counts an answer later than --timeout-ms as none', async () => {
    const flaws: ReceiverFlaws = { ...NAIVE, answerDelayMs: 400 };
    const graded = await withReceiver(flaws, (url) => grade(url, 'cofre', ['--timeout-ms', '150']));
    expect(graded.code).toBe(1);
    const valid = graded.results.find((r) => r.id === 'valid');
    expect(valid).toMatchObject({ pass: false, observed: 'no answer in 150 ms; processed 1' });
  });
});

describe('cofre webhooks check, its reports', () => {
  it('prints a table with one PASS or FAIL line per case and a summary', async () => {
    const run = await withReceiver(NAIVE, (url) =>
      cofre(['webhooks', 'check', url, '--format', 'cofre'], { COFRE_WEBHOOK_SECRET: SECRET }),
    );
    expect(run.code).toBe(1);
    expect(run.out[0]).toMatch(/^Grading http:\/\/127\.0\.0\.1:\d+\/webhooks \(format cofre;/);
    expect(run.out[2]).toMatch(/^CASE +EXPECTED +OBSERVED +RESULT$/);
    const rows = run.out.slice(3, 12);
    expect(rows.map((line) => line.split(/ {2,}/)[0])).toEqual([
      'valid delivery',
      'duplicate message',
      'resend hours later',
      'forged signature',
      'stale timestamp',
      'rotation pair (two signatures)',
      're-serialised body',
      'events out of order',
      'slow acknowledgement',
    ]);
    expect(rows.map((line) => line.slice(-4))).toEqual([
      'PASS',
      ...Array<string>(4).fill('FAIL'),
      'PASS',
      ...Array<string>(3).fill('FAIL'),
    ]);
    expect(rows[1]).toMatch(
      /same bytes twice: both 2xx; processed once +200, 200; processed 2 +FAIL$/,
    );
    expect(run.out.at(-1)).toBe('7 of 9 cases failed.');
  });

  it('writes JUnit XML: one testcase per case, a failure with expected and observed for each failed one', async () => {
    const file = join(dir, 'naive.xml');
    const run = await withReceiver(NAIVE, (url) =>
      cofre(
        [
          'webhooks',
          'check',
          url,
          '--secret',
          SECRET,
          '--format',
          'standard-webhooks',
          '--junit',
          file,
        ],
        {},
      ),
    );
    expect(run.code).toBe(1);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="cofre webhooks check" tests="9" failures="7" errors="0"/,
    );
    expect(xml).toContain(
      '<testsuite name="cofre webhooks check (standard-webhooks)" tests="9" failures="7" errors="0" skipped="0"',
    );
    const testcases = [
      ...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)" time="\d+\.\d{3}"(\/?)>/g),
    ];
    expect(testcases.map((m) => m[1])).toEqual(
      Array<string>(9).fill('cofre.webhooks.check.standard-webhooks'),
    );
    expect(testcases.filter((m) => m[3] === '/').map((m) => m[2])).toEqual([
      'valid: valid delivery',
      'rotation-pair: rotation pair (two signatures)',
    ]);
    expect(xml).toContain(
      '<testcase classname="cofre.webhooks.check.standard-webhooks" name="stale-timestamp: stale timestamp"',
    );
    expect(xml).toContain(
      '<failure message="200; processed 1" type="ReceiverCheckFailure">expected: webhook-timestamp 10 min old: 4xx; not processed\nobserved: 200; processed 1</failure>',
    );
    expect(xml.match(/<failure /g)).toHaveLength(7);
    expect(xml.trimEnd().endsWith('</testsuite>\n</testsuites>')).toBe(true);
  });

  it('says up front when the receiver has no check endpoint, and fails the cases that read it', async () => {
    const graded = await withReceiver({ ...NAIVE, checkEndpoint: false }, (url) =>
      grade(url, 'cofre'),
    );
    expect(graded.err.join('\n')).toContain(
      '/webhooks/cofre-check does not answer as docs/webhooks.md',
    );
    expect(graded.failed).toEqual(CASES);
    expect(graded.results[0]?.observed).toBe('200; check endpoint answered 404');
  });
});

describe('cofre webhooks check, usage', () => {
  it.each([
    [['webhooks', 'check', 'http://127.0.0.1:9/webhooks'], 'COFRE_WEBHOOK_SECRET'],
    [['webhooks', 'check', 'localhost:3000', '--secret', 'whsec_AAAA'], 'http:// or https://'],
    [['webhooks', 'check', 'http://127.0.0.1:9/', '--secret', 'whsec_!!'], '--secret'],
    [
      ['webhooks', 'check', 'http://127.0.0.1:9/', '--secret', 'whsec_AAAA', '--format', 'svix'],
      '--format',
    ],
    [
      ['webhooks', 'check', 'http://127.0.0.1:9/', '--secret', 'whsec_AAAA', '--timeout-ms', '0'],
      '--timeout-ms',
    ],
    [
      ['webhooks', 'check', 'http://127.0.0.1:9/', '--secret', generateWebhookKeyPair().privateKey],
      'standard-webhooks',
    ],
  ])('refuses %j with exit code 2', async (args, says) => {
    const run = await cofre(args, {});
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain(says);
  });
});
