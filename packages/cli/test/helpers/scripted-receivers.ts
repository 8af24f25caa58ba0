import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a test receiver for `cofre webhooks check` goes wrong, one knob per mistake the grader
 * must catch (docs/webhooks.md "Grade your receiver").
 */
export interface ReceiverFlaws {
  /**
   * `none`: acts on anything. `first-signature-5-min`: verifies as a receiver written for
   * Standard Webhooks only would, in either format: the first signature only, and a timestamp
   * at most 5 minutes old (wrong for cofre's format, whose timestamp is the message's).
   */
  verify: 'none' | 'first-signature-5-min';
  /**
   * `none`: acts on every delivery. `atomic`: remembers message ids as it takes them (in one
   * synchronous step), acts once per id. `check-then-act`: looks the id up, works for a while
   * (an awaited database call, say), then acts and remembers it: two attempts of one message
   * that overlap both act.
   */
  dedupe: 'none' | 'atomic' | 'check-then-act';
  /** `arrival`: the last delivery wins. `event-time`: a snapshot never replaces a newer one. */
  ordering: 'arrival' | 'event-time';
  /** Waits this long before each answer (after acting). Default 0. */
  answerDelayMs?: number;
  /** Serves `GET <path>/cofre-check/…`. Default true. */
  checkEndpoint?: boolean;
}

export interface ScriptedReceiver {
  /** The webhook URL, `http://127.0.0.1:<port>/webhooks`. */
  url: string;
  close(): Promise<void>;
}

/** The "naive" receiver: takes anything, acts on every delivery, keeps whatever came last. */
export const NAIVE: ReceiverFlaws = { verify: 'none', dedupe: 'none', ordering: 'arrival' };

/** Verifies, deduplicates and orders, but as if every format were Standard Webhooks. */
export const STANDARD_WEBHOOKS_MINDED: ReceiverFlaws = {
  verify: 'first-signature-5-min',
  dedupe: 'atomic',
  ordering: 'event-time',
};

interface HeldEvent {
  id: string;
  atTime: string;
  data: { id: string; status: string };
}

/** A receiver with the given flaws on 127.0.0.1, verifying with `secret`. */
export async function startScriptedReceiver(
  secret: string,
  flaws: ReceiverFlaws,
): Promise<ScriptedReceiver> {
  const runs = new Map<string, number>();
  const held = new Map<string, { status: string; atTime: string; eventId: string }>();
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const check = /^\/webhooks\/cofre-check\/(messages|resources)\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && check && flaws.checkEndpoint !== false) {
      const id = decodeURIComponent(check[2]!);
      if (check[1] === 'messages') answer(200, { processed: runs.get(id) ?? 0 });
      else answer(200, { status: held.get(id)?.status ?? null });
      return;
    }
    if (request.method !== 'POST' || path !== '/webhooks') {
      answer(404, { error: 'NOT_FOUND' });
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['x-message-id'] ?? request.headers['webhook-id']);
      if (flaws.verify !== 'none' && !verifiesFirstSignature(secret, request.headers, raw)) {
        answer(400, { error: 'BAD_SIGNATURE' });
        return;
      }
      const act = () => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        keep(JSON.parse(raw) as HeldEvent);
        setTimeout(() => answer(200, { ok: true }), flaws.answerDelayMs ?? 0);
      };
      if (flaws.dedupe !== 'none' && runs.has(id)) answer(200, { duplicate: true });
      else if (flaws.dedupe === 'check-then-act') setTimeout(act, 200);
      else act();
    });
  });
  const keep = (event: HeldEvent) => {
    const before = held.get(event.data.id);
    const newer =
      before === undefined ||
      flaws.ordering === 'arrival' ||
      `${event.atTime}${event.id}` > `${before.atTime}${before.eventId}`;
    if (newer) {
      held.set(event.data.id, {
        status: event.data.status,
        atTime: event.atTime,
        eventId: event.id,
      });
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first signature only, over a timestamp at most 300 s from now, in either format. */
function verifiesFirstSignature(secret: string, headers: IncomingHttpHeaders, raw: string) {
  const standard = headers['webhook-id'] !== undefined;
  const id = String(standard ? headers['webhook-id'] : headers['x-message-id']);
  const timestamp = String(
    standard ? headers['webhook-timestamp'] : headers['x-message-timestamp'],
  );
  const signatures = String(
    standard ? headers['webhook-signature'] : headers['x-message-signature'],
  );
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${raw}`)
    .digest();
  const first = signatures.split(' ')[0]!;
  const given = standard
    ? Buffer.from(first.slice('v1,'.length), 'base64')
    : Buffer.from(first.slice('v1='.length), 'hex');
  return given.length === mac.length && timingSafeEqual(given, mac);
}
