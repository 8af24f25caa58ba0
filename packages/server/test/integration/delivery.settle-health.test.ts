import { describe, expect, it } from 'vitest';
import type { AlertPolicy } from '../../src/config/config.js';
import type { Trx } from '../../src/db/transact.js';
import { ManualClock } from '../../src/lib/clock.js';
import { settleHealth, type HealthItem } from '../../src/webhooks/delivery/settle-health.js';
import type { AttemptOutcome } from '../../src/webhooks/delivery/send-attempt.js';
import { attemptErrorOf, httpStatusOf } from '../../src/webhooks/delivery/record-attempt.js';
import { tallyAttempt } from '../../src/webhooks/health/subscription-health.repository.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV, useTestApp } from '../helpers/world.js';

// Issue 28 point 7: a group commit counts its attempts into the health rows with
// one read and one multi-row UPDATE (delivery/settle-health.ts) instead of one upsert per
// attempt. The rows must end exactly as the one-by-one tails leave them, and whenever an
// attempt decides something (an alert, an exhausted message), or a subscription has no row yet,
// its attempts must go through their own tails, in order.
describe.each(ENGINES)('counting a batch of attempts into health rows on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 12));
  const t = useTestApp(engine, { clock, env: LOCAL_WEBHOOKS_ENV });

  const quietPolicy: AlertPolicy = {
    windowMs: 60_000,
    failurePercent: 90,
    minAttempts: 1_000,
    autoDisableAfterMs: 0,
  };
  const loudPolicy: AlertPolicy = { ...quietPolicy, failurePercent: 50, minAttempts: 2 };

  const outcomes: AttemptOutcome[] = [
    { kind: 'delivered', status: 200, body: 'ok', durationMs: 2 },
    { kind: 'rejected', status: 503, body: 'busy', durationMs: 3 },
    { kind: 'timeout', durationMs: 10_000 },
    { kind: 'delivered', status: 204, body: '', durationMs: 1 },
    { kind: 'network-error', error: 'ECONNRESET', durationMs: 4 },
  ];

  async function newSubscriptions(count: number): Promise<string[]> {
    const { token } = await t.customer();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await t.as(token, {
        method: 'POST',
        url: '/v1/subscriptions',
        payload: { url: 'http://127.0.0.1:8080/hook', includeAll: true },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<{ id: string }>().id);
    }
    return ids;
  }

  /** The same starting health row for each subscription: a window begun, one failure. */
  async function startingRows(ids: string[], at: number): Promise<void> {
    for (const id of ids) {
      await t.handle.db
        .insertInto('subscription_health')
        .values({
          subscription_id: id,
          failed_messages: 2,
          consecutive_failures: 1,
          last_failure_at: at,
          last_failure_message_id: 'msg_before',
          last_failure_http_status: 500,
          last_failure_error: 'The endpoint answered 500.',
          updated_at: at,
          window_started_at: at - 59_990,
          window_attempts: 3,
          window_failures: 1,
          failing_since: at,
        })
        .execute();
    }
  }

  /** One attempt per outcome, 10 ms apart: the first ones still in the window, the last not. */
  const attemptsOf = (
    subscriptionId: string,
    policy: AlertPolicy,
    work: (item: HealthItem) => (trx: Trx) => Promise<void>,
  ): HealthItem[] =>
    outcomes.map((outcome, i) => {
      const item: HealthItem = {
        message: {
          id: `msg_${i}`,
          subscriptionId,
          eventType: 'ACCOUNT_CREATED',
          subscriptionStatus: 'ACTIVE',
        },
        outcome,
        at: clock.now() + 10 * i,
        policy,
        failedDelta: () => (i === 3 ? -1 : 0),
        work: (trx) => work(item)(trx),
      };
      return item;
    });

  /** What one attempt's tail writes (health/attempt-health.ts, without the alerts it raises). */
  const tally = (item: HealthItem) => (trx: Trx) =>
    tallyAttempt(
      trx,
      {
        subscriptionId: item.message.subscriptionId,
        messageId: item.message.id,
        at: item.at,
        failedDelta: item.failedDelta(),
        ...(item.outcome.kind === 'delivered'
          ? { ok: true as const }
          : {
              ok: false as const,
              httpStatus: httpStatusOf(item.outcome),
              error: attemptErrorOf(item.outcome),
            }),
      },
      item.policy ? { windowMs: item.policy.windowMs } : undefined,
    ).then(() => undefined);

  const healthOf = async (id: string) => {
    const row = await t.handle.db
      .selectFrom('subscription_health')
      .selectAll()
      .where('subscription_id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...row, subscription_id: 'compared without it' };
  };

  it('leaves the rows as the one-by-one tails do, in two statements, when nothing is decided', async () => {
    const [batched, oneByOne] = await newSubscriptions(2);
    await startingRows([batched!, oneByOne!], clock.now());
    const called: string[] = [];
    const items = attemptsOf(batched!, quietPolicy, (item) => async () => {
      called.push(item.message.id);
    });
    await t.handle.db.transaction().execute((trx) => settleHealth(trx, items));
    await t.handle.db.transaction().execute(async (trx) => {
      for (const item of attemptsOf(oneByOne!, quietPolicy, tally)) await item.work(trx);
    });
    expect(called).toEqual([]);
    expect(await healthOf(batched!)).toEqual(await healthOf(oneByOne!));
    expect((await healthOf(batched!)).consecutive_failures).toBe(1);
  });

  it("runs every attempt's own tail, in order, for a subscription where one decides something or that has no row", async () => {
    const [loud, rowless, quiet, reference] = await newSubscriptions(4);
    await startingRows([loud!, quiet!, reference!], clock.now());
    const called: string[] = [];
    const recorded = (item: HealthItem) => async (trx: Trx) => {
      called.push(`${item.message.subscriptionId}:${item.message.id}`);
      await tally(item)(trx);
    };
    const items = [
      ...attemptsOf(loud!, loudPolicy, recorded),
      ...attemptsOf(rowless!, quietPolicy, recorded),
      ...attemptsOf(quiet!, quietPolicy, recorded),
    ];
    await t.handle.db.transaction().execute((trx) => settleHealth(trx, items));
    const ids = outcomes.map((_, i) => `msg_${i}`);
    expect(called.sort()).toEqual(
      [...ids.map((id) => `${loud!}:${id}`), ...ids.map((id) => `${rowless!}:${id}`)].sort(),
    );
    expect(called.filter((c) => c.startsWith(loud!))).toEqual(ids.map((id) => `${loud!}:${id}`));
    await t.handle.db.transaction().execute(async (trx) => {
      for (const item of attemptsOf(reference!, quietPolicy, tally)) await item.work(trx);
    });
    expect(await healthOf(quiet!)).toEqual(await healthOf(reference!));
  });
});
