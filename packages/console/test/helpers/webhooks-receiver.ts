import { createHmac } from 'node:crypto';
import {
  startReceiver,
  type Receiver,
  type Received,
} from '../../../server/test/helpers/receiver.js';

/**
 * How the scripted receiver answers: `first-fails` refuses the first attempt of each message
 * (500) and takes the next, `fails` refuses everything, `ok` takes everything.
 */
export type ReceiverMode = 'first-fails' | 'fails' | 'ok';

export interface ScriptedReceiver extends Receiver {
  mode: ReceiverMode;
  /** The requests that carried message `id` (X-Message-Id), oldest first. */
  of(messageId: string): Received[];
}

/** The server test's local receiver, answering per message as `mode` says. */
export async function startScriptedReceiver(mode: ReceiverMode): Promise<ScriptedReceiver> {
  const attempts = new Map<string, number>();
  const state = { mode };
  const receiver = await startReceiver((request) => {
    const id = String(request.headers['x-message-id']);
    const n = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, n);
    if (state.mode === 'fails') return { status: 500, body: 'receiver down' };
    if (state.mode === 'first-fails' && n === 1) {
      return { status: 500, body: '{"error":"first attempt refused"}' };
    }
    return { status: 200, body: '{"received":true}' };
  });
  // Object.assign would copy the accessor's current value, not the accessor.
  Object.defineProperty(receiver, 'mode', {
    get: () => state.mode,
    set: (next: ReceiverMode) => (state.mode = next),
  });
  return Object.assign(receiver as Receiver & { mode: ReceiverMode }, {
    of: (messageId: string) =>
      receiver.received.filter((r) => r.headers['x-message-id'] === messageId),
  });
}

/**
 * Whether `request` carries a cofre-format signature made with `secret` (docs/webhooks.md
 * "Verify the signature": HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed by the decoded secret).
 */
export function signedWith(request: Received, secret: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(request.headers['x-message-id'])}.${String(
    request.headers['x-message-timestamp'],
  )}.${request.body}`;
  const expected = `v1=${createHmac('sha256', key).update(signed).digest('hex')}`;
  return String(request.headers['x-message-signature'] ?? '')
    .split(' ')
    .includes(expected);
}
