import type { Db } from '../../db/database.js';
import { transact, type Trx, type Tx } from '../../db/transact.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { completeAdminAction, insertAdminAction } from './admin-actions.repository.js';
import type { AdminAction, AdminSubjectType } from './admin-actions.table.js';

/** Who asked, from the request: the audit row's actor and request id. */
export interface ActionContext {
  actor: string;
  requestId: string;
}

/** What a change reports for its audit row, and what the route answers. */
export interface Change<T> {
  subjectId: string;
  /** The subject as an operator sees it before and after; null where it did not exist. Never secrets. */
  before: object | null;
  after: object | null;
  result: T;
}

/**
 * Runs one back-office action and its audit row in ONE transaction: both commit or neither
 * does, so a failed action (a throw: 404, 409…) leaves no row. The row is inserted first — the
 * transaction's first statement is a write, which takes SQLite's write lock at once (write
 * first, read after: docs/architecture.md) — and its snapshots are filled in after the change.
 */
export function audited<T>(
  deps: { db: Db; clock: Clock },
  context: ActionContext,
  audit: { action: AdminAction; subjectType: AdminSubjectType },
  change: (tx: Tx, at: number) => Promise<Change<T>>,
): Promise<T> {
  return transact(deps.db, async (tx) => {
    const at = deps.clock.now();
    const id = newId('adminAction', at);
    await insertAdminAction(tx.trx, {
      id,
      actor: context.actor,
      action: audit.action,
      subject_type: audit.subjectType,
      subject_id: '', // known once the change ran (a new customer's id, say)
      before: null,
      after: null,
      request_id: context.requestId,
      created_at: at,
    });
    const done = await change(tx, at);
    await completeAdminAction(tx.trx, id, {
      subject_id: done.subjectId,
      before: done.before && JSON.stringify(done.before),
      after: done.after && JSON.stringify(done.after),
    });
    return done.result;
  });
}

/** An action refused because of its subject's state: 409 INVALID_STATE, and nothing is written. */
export const invalidState = (detail: string) => new AppError('INVALID_STATE', { detail });

/** The subject an action moves from one state to another, and how to read it as an operator sees it. */
export interface MovedSubject<View> {
  id: string;
  /** The subject's view, or a 404 when there is none. */
  read: (trx: Trx) => Promise<View>;
}

/**
 * An audited action that moves one subject: it is read (404 when absent), `change` answers
 * undefined when it moved it or why it could not (→ 409 INVALID_STATE, nothing written), and it
 * is read again. The audit row holds both views; the route answers the one after.
 */
export function auditedMove<View extends object>(
  deps: { db: Db; clock: Clock },
  context: ActionContext,
  audit: { action: AdminAction; subjectType: AdminSubjectType },
  subject: MovedSubject<View>,
  change: (tx: Tx, at: number, before: View) => Promise<string | undefined>,
): Promise<View> {
  return audited(deps, context, audit, async (tx, at) => {
    const before = await subject.read(tx.trx);
    const refused = await change(tx, at, before);
    if (refused !== undefined) throw invalidState(refused);
    const after = await subject.read(tx.trx);
    return { subjectId: subject.id, before, after, result: after };
  });
}
