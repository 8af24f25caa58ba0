import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** A valid admin token for tests (≥ 32 characters). */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghijkl';
export const ADMIN_ENV = { COFRE_ADMIN_TOKEN: ADMIN_TOKEN };

/** inject() on the back-office with the admin token (and an optional actor label). */
export function asAdmin(
  t: TestApp,
  options: InjectOptions,
  actor?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...options,
    headers: {
      ...options.headers,
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(actor !== undefined ? { 'x-admin-actor': actor } : {}),
    },
  });
}

/**
 * The back-office's `verb` on an operation (receive, complete, fail, …: docs/admin.md), as the
 * operator, with an optional body.
 */
export function operatorAction(
  t: TestApp,
  verb: string,
  operationId: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return asAdmin(t, {
    method: 'POST',
    url: `/admin/v1/operations/${operationId}/${verb}`,
    ...(payload ? { payload } : {}),
  });
}

/** Every audit row, oldest first, straight from the table. */
export function auditRows(t: TestApp) {
  return t.handle.db.selectFrom('admin_actions').selectAll().orderBy('id').execute();
}
