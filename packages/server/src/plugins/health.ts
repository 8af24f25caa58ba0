import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseUnavailable } from './errors.js';

/**
 * How long /readyz waits for the database. Load balancers and Kubernetes probes time out after
 * 1–2 s by default; a frozen database must turn into a 503 before that, not a hung probe.
 */
export const READY_DEADLINE_MS = 1_500;

/** Liveness (the process answers) and readiness (it can reach its database, in time). */
export function registerHealth(app: FastifyInstance, db: Db): void {
  const schema = { hide: true };
  app.get('/healthz', { schema }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema }, async () => {
    const answer = await withinDeadline(sql`select 1`.execute(db), READY_DEADLINE_MS);
    if (answer.kind === 'timeout') {
      throw databaseUnavailable(
        undefined,
        `The database did not answer within ${READY_DEADLINE_MS} ms.`,
      );
    }
    if (answer.kind === 'failed') {
      throw databaseUnavailable(answer.error, 'The database is not reachable.');
    }
    return { status: 'ready' };
  });
}

type Answer = { kind: 'ok' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' };

/** How `work` ended within `ms`; on a timeout the query goes on to its own deadline. */
async function withinDeadline(work: Promise<unknown>, ms: number): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (): Answer => ({ kind: 'ok' }),
        (error: unknown): Answer => ({ kind: 'failed', error }),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
