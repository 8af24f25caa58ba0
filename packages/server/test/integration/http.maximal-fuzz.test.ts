import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { checkAnswer, expectCleanLog } from '../helpers/http-fuzz.js';
import {
  maximalRequest,
  type Choice,
  type MaximalRequest,
  type MaximalWorld,
} from '../helpers/maximal-requests.js';
import type { Width } from '../helpers/maximal-values.js';
import { buildMaximalWorld } from '../helpers/maximal-world.js';
import { documentedOperations, type ApiOperation } from '../helpers/openapi-operations.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

/**
 * Every documented operation (the back-office's too) with every part of its request at the
 * limits its schemas state — strings at `maxLength` in noise of 1, 2, 3 and 4 UTF-8 bytes per
 * character (which an index cannot compress), arrays at `maxItems`, maps at `maxProperties`,
 * integers at a bound, date-times in every form the format takes — against a world where those
 * requests succeed and store what they carry; then the same with one limit passed by one, which
 * must be a 400 naming it. A round is every operation × the four widths × (fill, edge, over):
 * about 960 requests. `FUZZ_MAXIMAL_ROUNDS=5` for a longer campaign; `FUZZ_MAXIMAL_SEED=<seed>`
 * (printed on failure) replays a run.
 */
const ROUNDS = Number(process.env.FUZZ_MAXIMAL_ROUNDS ?? 1);
const SEED = Number(process.env.FUZZ_MAXIMAL_SEED ?? randomInt(2 ** 31));
const WIDTHS: Width[] = [1, 2, 3, 4];
const KINDS: Choice['kind'][] = ['fill', 'edge', 'over'];
/** Further fill requests for an operation no request of the rounds succeeded on. */
const EXTRA_FILLS = 40;

/**
 * Operations a `fill` request cannot succeed on in this world, and why: everything else must
 * answer one with a 2xx at least once per run, so the run is known to reach storage.
 */
const NEVER_2XX = [
  // A listen stream never ends under inject(): the world gives it HTTP subscriptions (409).
  'GET /v1/listen/{subscriptionId}/stream',
  // The sandbox's PIX directory and prices are fixed: the back-office's are production's.
  'GET /admin/v1/pix/keys/{key}',
  'DELETE /admin/v1/pix/keys/{key}',
  'PUT /admin/v1/rates/{base}/{quote}',
];

/** Every callback host resolves to a public address: URL checks pass without the network. */
const publicDns = () => Promise.resolve(['93.184.216.34']);

describe.each(ENGINES)('every documented operation at its input limits on %s', (engine) => {
  const logged: string[] = [];
  const clock = new ManualClock(Date.now());
  let t: TestApp;
  let receiver: Receiver;
  let operations: ApiOperation[];
  let world: MaximalWorld;

  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 500 }));
    t = await createTestApp(engine, {
      clock,
      env: {
        ...ADMIN_ENV,
        COFRE_RATE_LIMIT_PER_MINUTE: '0',
        // Far above any maximal body: what bounds each value is its own limit, whatever an
        // operator sets the body limit to.
        COFRE_BODY_LIMIT_BYTES: String(4 * 1024 * 1024),
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER: '10000',
      },
      resolve: publicDns,
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    operations = await documentedOperations(t.app);
    world = await buildMaximalWorld(t, clock, receiver, 8 * ROUNDS);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** Why `res` is not the 400 naming the limit `request` passed, if it is not. */
  function notRefused(request: MaximalRequest, res: LightMyRequestResponse): string | undefined {
    const over = request.over!;
    if (res.statusCode !== 400) return `answered ${res.statusCode}`;
    const body = res.json<{ code: string; errors?: { pointer: string; in: string }[] }>();
    if (body.code !== 'INVALID_DATA') return `code ${body.code}`;
    // A key's name is echoed cut to 64 characters with `…` (docs/errors.md).
    const named = (body.errors ?? []).some(
      (e) =>
        e.in === over.part &&
        (e.pointer === over.pointer ||
          (e.pointer.endsWith('…') && over.pointer.startsWith(e.pointer.slice(0, -1)))),
    );
    return named ? undefined : `no error names it: ${res.body.slice(0, 300)}`;
  }

  it(`answers ${ROUNDS} round(s) of maximal requests with no 5xx, and one limit over with a 400 naming it`, async () => {
    expect(operations.filter((op) => op.admin).length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    const succeeded = new Set<string>();
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of operations) {
        const name = `${op.method} ${op.path}`;
        for (const width of WIDTHS) {
          for (const kind of KINDS) {
            const choice: Choice = { seed: SEED + n++, width, noise: true, kind };
            const request = maximalRequest(op, world, choice);
            const res = await t.app.inject(request.options);
            const label = `${name} ${JSON.stringify(choice)}`;
            try {
              checkAnswer(request.options, res);
            } catch (error) {
              failures.push(`${label}: ${(error as Error).message.slice(0, 600)}`);
              continue;
            }
            const problem = request.over && notRefused(request, res);
            if (problem)
              failures.push(`${label}: ${request.over!.part} ${request.over!.pointer} ${problem}`);
            if (!request.over && res.statusCode < 300) succeeded.add(name);
          }
        }
      }
    }
    // A fill request is random in every part, so a list's may by chance be one the API must
    // refuse (direction PREVIOUS without a cursor, a createdAt range that ends before it starts):
    // an operation none reached storage on gets further fill requests, up to EXTRA_FILLS.
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      for (let extra = 0; extra < EXTRA_FILLS && !succeeded.has(name); extra++) {
        if (NEVER_2XX.includes(name)) break;
        const choice: Choice = {
          seed: SEED + n++,
          width: WIDTHS[extra % 4]!,
          noise: true,
          kind: 'fill',
        };
        const request = maximalRequest(op, world, choice);
        const res = await t.app.inject(request.options);
        try {
          checkAnswer(request.options, res);
        } catch (error) {
          failures.push(
            `${name} ${JSON.stringify(choice)}: ${(error as Error).message.slice(0, 600)}`,
          );
          continue;
        }
        if (res.statusCode < 300) succeeded.add(name);
      }
    }
    expect(failures, `replay with FUZZ_MAXIMAL_SEED=${SEED}`).toEqual([]);
    const unreached = operations
      .map((op) => `${op.method} ${op.path}`)
      .filter((name) => !succeeded.has(name) && !NEVER_2XX.includes(name));
    expect(unreached, `operations no request succeeded on (FUZZ_MAXIMAL_SEED=${SEED})`).toEqual([]);
    expectCleanLog(logged);
  }, 300_000);
});
