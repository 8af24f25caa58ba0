import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { Dialect } from '../../db/dialect.js';
import { transact, type Tx } from '../../db/transact.js';
import { checkCallbackUrl, type Resolver, type UrlPolicy } from '../../lib/url-guard.js';
import { isEventOf } from '../events/event-catalog.js';
import type { JobQueue } from '../../jobs/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { AppError, invalidData, notFound, type FieldError } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import {
  buildPage,
  listScope,
  planPage,
  type PageResult,
  storedWeight,
  withinPageWeight,
} from '../../lib/pagination.js';
import { mergeMetadata, metadataOf, parseMetadata, serializeMetadata } from '../../lib/metadata.js';
import { writeMetadataEntries } from '../../db/metadata-entries.js';
import { metadataScope } from '../../lib/metadata-query.js';
import type { CompleteIdempotent } from '../../modules/idempotency/index.js';
import type {
  CreatedSubscription,
  CreateSubscriptionBody,
  ListSubscriptionsQuery,
  PatchSubscriptionBody,
  RotatedSecret,
  RotateSecretBody,
  Subscription,
  SubscriptionKeys,
  SubscriptionSecret,
} from './subscriptions.schemas.js';
import {
  findCurrentPrivateKeys,
  findSigningSecrets,
  insertSubscriptionSecret,
} from './subscription-secrets.repository.js';
import {
  checkSigningChoice,
  ensureKeyPair,
  readKeys,
  withPublicKey,
} from './subscription-key-pairs.service.js';
import { readSecret, rotateSecret } from './subscription-secrets.service.js';
import { generateSubscriptionSecret } from '../signing/subscription-secret.js';
import { generatePrivateKey } from '../signing/ed25519-key.js';
import { DEFAULT_SIGNATURE_FORMAT } from '../signing/signature-formats.js';
import { DEFAULT_SIGNING_KEY } from '../signing/signing-keys.js';
import { signingKeyChange } from './signing-key-change.js';
import {
  countSubscriptions,
  findSubscription,
  insertSubscription,
  listSubscriptions,
  lockCustomerSubscriptions,
  markSubscriptionDeleted,
  updateSubscription,
} from './subscriptions.repository.js';
import { moveMessagesOf } from '../messages/messages.repository.js';
import { applyStatusChange } from './subscription-status-change.js';
import { DEFAULT_SUBSCRIPTION_CONCURRENCY, type SubscriptionRow } from './subscriptions.table.js';
import type { SubscriptionSelection } from '../events/selection.js';
import { announceListenChange, type ListenSignal } from '../listen/listen-signal.js';
import type { StoredMetadata } from '../../lib/stored-metadata.js';

export interface SubscriptionsDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  config: Config;
  resolve?: Resolver | undefined;
  /** Wakes a listen subscription's streams when it is paused, resumed, changed or deleted. */
  listenSignal: ListenSignal;
  /** The metadata filter's candidate bound (db/metadata-filter.ts); its default unless a test sets one. */
  metadataFilterCandidates?: number | undefined;
}

export class SubscriptionsService {
  private readonly policy: UrlPolicy;

  constructor(private readonly deps: SubscriptionsDeps) {
    this.policy = { allowLocal: deps.config.webhooks.allowLocal };
  }

  async create(
    auth: { customerId: string; clientId: string },
    input: CreateSubscriptionBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: number; body: CreatedSubscription }> {
    const selection = validateSelection(input.includeAll ?? false, input.resources);
    const maxConcurrency = this.checkConcurrency(
      input.maxConcurrency ??
        Math.min(
          DEFAULT_SUBSCRIPTION_CONCURRENCY,
          this.deps.config.webhooks.maxConcurrencyPerSubscription,
        ),
    );
    checkSigningChoice(
      input.signatureFormat ?? DEFAULT_SIGNATURE_FORMAT,
      input.signingKey ?? DEFAULT_SIGNING_KEY,
      '/signingKey',
    );
    const url = await this.checkUrl(input.url);
    const { db, dialect, clock, config } = this.deps;
    return transact(db, async ({ trx }) => {
      await lockCustomerSubscriptions(trx, dialect, auth.customerId);
      if (
        (await countSubscriptions(trx, auth.customerId)) >=
        config.webhooks.maxSubscriptionsPerCustomer
      ) {
        throw new AppError('SUBSCRIPTION_LIMIT_REACHED', {
          detail: `A customer may have at most ${config.webhooks.maxSubscriptionsPerCustomer} subscriptions; delete one first.`,
        });
      }
      const now = clock.now();
      const row: SubscriptionRow = {
        id: newId('subscription', now),
        customer_id: auth.customerId,
        client_id: auth.clientId,
        url,
        include_all: selection.includeAll ? 1 : 0,
        resources: JSON.stringify(selection.resources),
        allow_retry: input.allowRetry ? 1 : 0,
        max_concurrency: maxConcurrency,
        signature_format: input.signatureFormat ?? DEFAULT_SIGNATURE_FORMAT,
        signing_key: input.signingKey ?? DEFAULT_SIGNING_KEY,
        message_sequence: 0,
        transport: 'http',
        status: 'ACTIVE',
        metadata: serializeMetadata(metadataOf(input.metadata)),
        created_at: now,
        updated_at: now,
        disabled_at: null,
        disabled_reason: null,
        deleted_at: null,
      };
      const body = await insertNewSubscription(trx, row);
      await complete(trx, 201, body);
      return { status: 201, body };
    });
  }

  async get(customerId: string, id: string): Promise<Subscription> {
    const { db } = this.deps;
    return viewOf(db, await this.find(db, customerId, id));
  }

  /** Its public signing keys as a JWKS (docs/webhooks.md "Ed25519 signatures"). */
  async keys(customerId: string, id: string): Promise<SubscriptionKeys> {
    const { db, clock } = this.deps;
    return readKeys(db, clock, await this.find(db, customerId, id));
  }

  /** A page of subscriptions; with `stored`, each item's metadata is a slot of it (lib/stored-metadata.ts). */
  async list(
    customerId: string,
    query: ListSubscriptionsQuery,
    stored?: StoredMetadata,
  ): Promise<PageResult<Subscription>> {
    const { db, cursors } = this.deps;
    const filters = { status: query.status };
    // The metadata filter is part of the cursor's scope: a cursor of another filter is refused.
    const binding = {
      customerId,
      scope: listScope(
        'subscriptions',
        { ...filters, metadata: metadataScope(query.metadata) },
        query.sortOrder ?? 'DESCENDING',
      ),
    };
    const plan = planPage(query, cursors, binding);
    const keyOf = (r: { created_at: number; id: string }) => ({
      sortValue: r.created_at,
      id: r.id,
    });
    const { rows, scannedTo } = withinPageWeight(
      await listSubscriptions(
        db,
        customerId,
        { ...filters, metadata: query.metadata },
        plan,
        this.deps.metadataFilterCandidates,
      ),
      plan,
      keyOf,
      (r) => storedWeight(r.metadata),
    );
    const privateKeys = await findCurrentPrivateKeys(
      db,
      rows.filter((r) => r.signing_key === 'ed25519').map((r) => r.id),
    );
    return buildPage(
      rows,
      plan,
      keyOf,
      (r) => withPublicKey(toSubscription(r, stored), privateKeys.get(r.id)),
      cursors,
      binding,
      scannedTo,
    );
  }

  /**
   * Any subset of fields; `resources` replaces the selection; `status` pauses, resumes or
   * enables a DISABLED subscription again (releasing its held messages in order);
   * `metadata` is merged (lib/metadata.ts).
   */
  async update(
    auth: { customerId: string; clientId: string },
    id: string,
    patch: PatchSubscriptionBody,
  ): Promise<Subscription> {
    const { customerId } = auth;
    const { db, dialect, clock, queue } = this.deps;
    const maxConcurrency =
      patch.maxConcurrency === undefined ? undefined : this.checkConcurrency(patch.maxConcurrency);
    const url = patch.url === undefined ? undefined : await this.checkUrl(patch.url);
    return transact(db, async (tx) => {
      // Locked (PostgreSQL): the metadata merge reads, then writes, the row.
      const current = await this.find(tx.trx, customerId, id, dialect);
      if (url !== undefined && current.transport === 'listen') throw listenHasNoUrl();
      const currentSelection = selectionOf(current);
      const selection =
        patch.includeAll === undefined && patch.resources === undefined
          ? currentSelection
          : validateSelection(
              patch.includeAll ?? currentSelection.includeAll,
              patch.resources ?? currentSelection.resources,
            );
      const now = clock.now();
      const next: SubscriptionRow = {
        ...current,
        url: url ?? current.url,
        include_all: selection.includeAll ? 1 : 0,
        resources: JSON.stringify(selection.resources),
        allow_retry:
          patch.allowRetry === undefined ? current.allow_retry : patch.allowRetry ? 1 : 0,
        max_concurrency: maxConcurrency ?? current.max_concurrency,
        signature_format: patch.signatureFormat ?? current.signature_format,
        ...signingKeyChange(current, patch.signingKey, auth.clientId),
        status: patch.status ?? current.status,
        // A subscription leaves DISABLED only through a PATCH of its status, which clears why.
        ...(patch.status === undefined ? {} : { disabled_at: null, disabled_reason: null }),
        metadata:
          patch.metadata === undefined
            ? current.metadata
            : serializeMetadata(mergeMetadata(parseMetadata(current.metadata), patch.metadata)),
        updated_at: now,
      };
      checkSigningChoice(
        next.signature_format,
        next.signing_key,
        patch.signingKey === undefined ? '/signatureFormat' : '/signingKey',
      );
      await updateSubscription(tx.trx, next);
      await ensureKeyPair(tx.trx, next);
      if (patch.metadata !== undefined) {
        await writeMetadataEntries(
          tx.trx,
          { resource: 'subscriptions', resourceId: id, customerId, createdAt: current.created_at },
          parseMetadata(next.metadata),
        );
      }
      if (next.max_concurrency !== current.max_concurrency) {
        await queue.setQueueLimit(tx.trx, id, next.max_concurrency);
      }
      if (next.status !== current.status) await applyStatusChange(tx, queue, next, now);
      if (current.transport === 'listen') await this.announce(tx, id);
      return viewOf(tx.trx, next);
    });
  }

  /** The subscription's signing secret, for its owner only (another customer's: 404). */
  async readSecret(customerId: string, id: string): Promise<SubscriptionSecret> {
    const { db, clock } = this.deps;
    return readSecret(db, clock, await this.find(db, customerId, id));
  }

  /** A new secret; the current one keeps signing beside it for the window (docs/webhooks.md). */
  async rotateSecret(
    customerId: string,
    id: string,
    input: RotateSecretBody | undefined,
  ): Promise<RotatedSecret> {
    const { db, clock, config } = this.deps;
    const windowSeconds =
      input?.expireCurrentInSeconds ?? config.webhooks.secretRotationWindowSeconds;
    return transact(db, async ({ trx }) => {
      return rotateSecret(trx, clock, await this.find(trx, customerId, id), windowSeconds);
    });
  }

  /** Deletes a subscription; its pending and held messages are cancelled, never sent. */
  async remove(customerId: string, id: string): Promise<void> {
    const { db, clock, queue } = this.deps;
    await transact(db, async (tx) => {
      const { trx } = tx;
      const subscription = await this.find(trx, customerId, id);
      const now = clock.now();
      await markSubscriptionDeleted(trx, id, now);
      const cancelled = await moveMessagesOf(trx, id, {
        from: ['PENDING', 'HELD'],
        to: 'CANCELLED',
        at: now,
      });
      await queue.cancelUnleased(trx, cancelled);
      // Its streams end with `gone` now rather than at their next read.
      if (subscription.transport === 'listen') await this.announce(tx, id);
    });
  }

  /** Wakes the streams of a listen subscription once the change commits (listen-signal.ts). */
  private announce(tx: Tx, id: string): Promise<void> {
    return announceListenChange(tx, this.deps.dialect, this.deps.listenSignal, [id]);
  }

  /** Within the server's maximum (the schema bounds the type; config bounds the value). */
  private checkConcurrency(value: number): number {
    const max = this.deps.config.webhooks.maxConcurrencyPerSubscription;
    if (value > max) {
      throw invalidData([
        {
          pointer: '/maxConcurrency',
          in: 'body',
          code: 'OUT_OF_RANGE',
          detail: `maxConcurrency must be between 1 and ${max} on this server.`,
        },
      ]);
    }
    return value;
  }

  private async find(
    db: Db,
    customerId: string,
    id: string,
    dialect?: Dialect,
  ): Promise<SubscriptionRow> {
    const row = isId('subscription', id)
      ? await findSubscription(db, customerId, id, dialect)
      : undefined;
    if (!row) throw notFound('Subscription', id);
    return row;
  }

  private async checkUrl(raw: string): Promise<string> {
    const verdict = await checkCallbackUrl(raw, this.policy, this.deps.resolve);
    if (verdict.kind === 'refused') {
      throw invalidData([
        { pointer: '/url', in: 'body', code: verdict.reason, detail: verdict.detail },
      ]);
    }
    return verdict.url.toString();
  }
}

/** Checks that the selection names real events of each resource and selects something. */
export function validateSelection(
  includeAll: boolean,
  resources: CreateSubscriptionBody['resources'],
): SubscriptionSelection {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const normalized = (resources ?? []).map((r, i) => {
    if (seen.has(r.name))
      errors.push({
        pointer: `/resources/${i}/name`,
        in: 'body',
        code: 'DUPLICATE_ITEM',
        detail: `Resource ${r.name} is listed twice.`,
      });
    seen.add(r.name);
    const events = r.events ?? [];
    events.forEach((type, j) => {
      if (!isEventOf(r.name, type)) {
        errors.push({
          pointer: `/resources/${i}/events/${j}`,
          in: 'body',
          code: 'UNKNOWN_EVENT_TYPE',
          detail: `${type} is not an event of ${r.name} (see GET /v1/events/types).`,
        });
      }
    });
    if (!(r.includeAll ?? false) && events.length === 0) {
      errors.push({
        pointer: `/resources/${i}`,
        in: 'body',
        code: 'REQUIRED',
        detail: `Resource ${r.name} needs includeAll or at least one event.`,
      });
    }
    return { name: r.name, includeAll: r.includeAll ?? false, events };
  });
  if (!includeAll && normalized.length === 0) {
    errors.push({
      pointer: '/resources',
      in: 'body',
      code: 'REQUIRED',
      detail: 'Select events: includeAll true, or at least one resource.',
    });
  }
  if (errors.length > 0) throw invalidData(errors);
  return { includeAll, resources: normalized };
}

/** A listen subscription is fed by `cofre listen`, never POSTed to (webhooks/listen/). */
const listenHasNoUrl = () =>
  invalidData([
    {
      pointer: '/url',
      in: 'body',
      code: 'INVALID_VALUE',
      detail: 'A listen subscription (transport "listen") has no URL: cofre listen forwards it.',
    },
  ]);

function selectionOf(row: SubscriptionRow): SubscriptionSelection {
  return {
    includeAll: row.include_all === 1,
    resources: JSON.parse(row.resources) as SubscriptionSelection['resources'],
  };
}

/**
 * Writes a new subscription with its own signing secret, never derived from the client secret
 * (docs/webhooks.md "Signing secret"), and returns its 201 body: the one representation with the
 * secret that signs (an idempotent replay repeats it). Every subscription has a secret of its
 * own, HTTP or listen, also one signing with its client's key (kept for a switch back): the
 * outbox joins it.
 */
export async function insertNewSubscription(
  trx: Trx,
  row: SubscriptionRow,
): Promise<CreatedSubscription> {
  await insertSubscription(trx, row);
  await writeMetadataEntries(
    trx,
    {
      resource: 'subscriptions',
      resourceId: row.id,
      customerId: row.customer_id,
      createdAt: row.created_at,
    },
    parseMetadata(row.metadata),
  );
  await insertSubscriptionSecret(trx, {
    subscription_id: row.id,
    secret: generateSubscriptionSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    private_key: row.signing_key === 'ed25519' ? generatePrivateKey() : null,
    previous_private_key: null,
    previous_private_key_expires_at: null,
    updated_at: row.created_at,
  });
  // An Ed25519 subscription shows its public key and no secret: its private key never leaves.
  if (row.signing_key === 'ed25519') return viewOf(trx, row);
  // The secret that signs: its own, or its client's derived key (signingKey client-secret).
  const signing = await findSigningSecrets(trx, row.id);
  if (!signing) throw new Error(`subscription ${row.id} was not written`);
  return { ...toSubscription(row), secret: signing.secret };
}

/** The view of one subscription, with its public key when it signs with `ed25519`. */
async function viewOf(db: Db, row: SubscriptionRow): Promise<Subscription> {
  if (row.signing_key !== 'ed25519') return toSubscription(row);
  const privateKeys = await findCurrentPrivateKeys(db, [row.id]);
  return withPublicKey(toSubscription(row), privateKeys.get(row.id));
}

export function toSubscription(row: SubscriptionRow, stored?: StoredMetadata): Subscription {
  const selection = selectionOf(row);
  return {
    id: row.id,
    url: row.url,
    includeAll: selection.includeAll,
    resources: selection.resources as Subscription['resources'],
    allowRetry: row.allow_retry === 1,
    maxConcurrency: row.max_concurrency,
    signatureFormat: row.signature_format,
    signingKey: row.signing_key,
    ...(row.signing_key === 'client-secret' ? { signingClientId: row.client_id } : {}),
    transport: row.transport,
    status: row.status,
    ...(row.status === 'DISABLED' && row.disabled_at !== null
      ? { disabled: { at: toIso(row.disabled_at), reason: row.disabled_reason ?? '' } }
      : {}),
    metadata: stored ? stored.slot(row.metadata) : parseMetadata(row.metadata),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
