import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { deriveWebhookKey } from '../../src/lib/secrets.js';
import { rotateClientSecret } from '../../src/modules/customers/customers.service.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('secret rotation keeps the previous webhook key on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  const t = useTestApp(engine, { clock });

  const keysOf = (clientId: string) =>
    t.handle.db
      .selectFrom('api_clients')
      .select(['webhook_key', 'previous_webhook_key', 'previous_webhook_key_expires_at'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();

  it('defaults to a grace window of one day', () => {
    expect(loadConfig({}).webhooks.keyRotationGraceSeconds).toBe(86_400);
  });

  it('keeps the replaced key until the end of the grace window', async () => {
    const client = await t.createClient();
    const rotated = await rotateClientSecret(t.handle.db, client.clientId, clock, {
      webhookKeyGraceSeconds: 600,
    });
    expect(await keysOf(client.clientId)).toEqual({
      webhook_key: deriveWebhookKey(rotated.clientSecret),
      previous_webhook_key: deriveWebhookKey(client.clientSecret),
      previous_webhook_key_expires_at: clock.now() + 600_000,
    });
  });

  it('keeps only the key it replaces when rotated twice within the window', async () => {
    const client = await t.createClient();
    const first = await rotateClientSecret(t.handle.db, client.clientId, clock);
    const second = await rotateClientSecret(t.handle.db, client.clientId, clock);
    expect(await keysOf(client.clientId)).toEqual({
      webhook_key: deriveWebhookKey(second.clientSecret),
      previous_webhook_key: deriveWebhookKey(first.clientSecret),
      previous_webhook_key_expires_at: clock.now() + 86_400_000,
    });
  });

  it('keeps no previous key when the grace window is 0', async () => {
    const client = await t.createClient();
    await rotateClientSecret(t.handle.db, client.clientId, clock, { webhookKeyGraceSeconds: 0 });
    expect(await keysOf(client.clientId)).toMatchObject({
      previous_webhook_key: null,
      previous_webhook_key_expires_at: null,
    });
  });
});
