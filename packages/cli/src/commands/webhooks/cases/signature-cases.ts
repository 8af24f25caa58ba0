import { generateWebhookKeyPair, generateWebhookSecret } from '@cofre/sdk/webhooks';
import { accepted, observation, refused, type CheckCase } from '../check-case.js';

const DAY_MS = 24 * 3_600_000;
/** Twice the 5 minutes Standard Webhooks verifiers tolerate (standardwebhooks, svix). */
const STALE_MS = 10 * 60_000;

/**
 * A secret of the same kind as the receiver's that it does not have: another `whsec_` secret,
 * or, when grading an Ed25519 receiver (`--secret whsk_…`), another key pair's private key, so
 * the forged and rotated signatures are `v1a` as the receiver's are.
 */
const anotherSecretLike = (secret: string): string =>
  secret.startsWith('whsk_') ? generateWebhookKeyPair().privateKey : generateWebhookSecret();

/** Signed with a secret the receiver does not have: refused and not acted on. */
export const forgedSignature: CheckCase = {
  id: 'forged',
  title: 'forged signature',
  expected: () => '4xx; not processed',
  async run(context) {
    const message = context.message('OPERATION_REQUESTED', context.now);
    const answer = await context.send(
      context.attempt(message, context.now, [anotherSecretLike(context.secret)]),
    );
    const processed = await context.check.processed(message.id);
    return {
      pass: refused(answer) && processed === 0,
      observed: observation(context, [answer], `processed ${processed}`),
    };
  },
};

/**
 * Replay defence, which the two formats place differently (docs/webhooks.md "Answer,
 * deduplicate, replay"). standard-webhooks signs each attempt's send time, so a delivery
 * signed 10 minutes ago is a replay and is refused, whatever its id. cofre's format signs the
 * message's creation time, the same on every retry and resend, so an old timestamp proves
 * nothing: a message first delivered 2 days after it was created (a paused subscription's
 * backlog) must be taken, and what stops a replay of it is the stored `X-Message-Id`.
 */
export const staleTimestamp: CheckCase = {
  id: 'stale-timestamp',
  title: 'stale timestamp',
  expected: (format) =>
    format === 'cofre'
      ? 'dated 2 days ago: 2xx, processed once; a replay is not processed'
      : 'webhook-timestamp 10 min old: 4xx; not processed',
  async run(context) {
    if (context.format === 'standard-webhooks') {
      const signedAt = context.now - STALE_MS;
      const message = context.message('OPERATION_REQUESTED', signedAt);
      const answer = await context.send(context.attempt(message, signedAt));
      const processed = await context.check.processed(message.id);
      return {
        pass: refused(answer) && processed === 0,
        observed: observation(context, [answer], `processed ${processed}`),
      };
    }
    const message = context.message('OPERATION_REQUESTED', context.now - 2 * DAY_MS);
    const delivery = context.attempt(message, context.now);
    const first = await context.send(delivery);
    const replay = await context.send(delivery);
    const processed = await context.check.processed(message.id);
    return {
      pass: accepted(first) && processed === 1,
      observed: observation(context, [first, replay], `processed ${processed}`),
    };
  },
};

/**
 * During a rotation window cofre signs with the new secret and the old one, the new first
 * (docs/webhooks.md "Rotating the secret"); a receiver still on the old secret must accept
 * when any signature matches, not only the first.
 */
export const rotationPair: CheckCase = {
  id: 'rotation-pair',
  title: 'rotation pair (two signatures)',
  expected: () => "a new secret's signature, then yours: 2xx; processed once",
  async run(context) {
    const message = context.message('OPERATION_REQUESTED', context.now);
    const answer = await context.send(
      context.attempt(message, context.now, [anotherSecretLike(context.secret), context.secret]),
    );
    const processed = await context.check.processed(message.id);
    return {
      pass: accepted(answer) && processed === 1,
      observed: observation(context, [answer], `processed ${processed}`),
    };
  },
};

/**
 * The signature covers the raw bytes. A receiver that verifies a body its framework parsed and
 * serialised again (other whitespace, other key order) verifies something cofre never signed:
 * here each body is the signed one re-serialised, so it must fail verification. The
 * re-indented one also catches a receiver that verifies `JSON.stringify(parsedBody)`: that
 * string equals what was signed, not what arrived.
 */
export const reserialisedBody: CheckCase = {
  id: 're-serialised',
  title: 're-serialised body',
  expected: () => 're-indented, then keys re-ordered: both 4xx; not processed',
  async run(context) {
    const answers = [];
    const processed = [];
    for (const reserialise of [reindented, keysSorted]) {
      const message = context.message('OPERATION_REQUESTED', context.now);
      const delivery = context.attempt(message, context.now);
      answers.push(await context.send({ ...delivery, body: reserialise(delivery.body) }));
      processed.push(await context.check.processed(message.id));
    }
    return {
      pass: answers.every(refused) && processed.every((count) => count === 0),
      observed: observation(context, answers, `processed ${processed.join(', ')}`),
    };
  },
};

const reindented = (body: string) => JSON.stringify(JSON.parse(body), null, 2);

const keysSorted = (body: string) => JSON.stringify(sortKeys(JSON.parse(body)));

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
