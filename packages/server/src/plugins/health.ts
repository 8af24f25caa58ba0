import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/errors.js';

/** Liveness (the process answers) and readiness (it can reach its database). */
export function registerHealth(app: FastifyInstance, db: Db): void {
  const schema = { hide: true };
  app.get('/healthz', { schema }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema }, async () => {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        detail: 'The database is not reachable.',
        cause: error,
      });
    }
    return { status: 'ready' };
  });
}
