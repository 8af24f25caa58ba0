import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { isDatabaseUnavailable } from '../../src/db/database-unavailable.js';
import { toAppError } from '../../src/plugins/errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const pgError = (code: string) =>
  Object.assign(new pg.DatabaseError('server said no', 0, 'error'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['broken pipe', withCode('EPIPE')],
    ['connection exception (08006)', pgError('08006')],
    ['admin shutdown (57P01)', pgError('57P01')],
    ['crash shutdown (57P02)', pgError('57P02')],
    ['cannot connect now (57P03)', pgError('57P03')],
    ['statement timeout (57014)', pgError('57014')],
    ['too many connections (53300)', pgError('53300')],
    ['an unexpected end', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['a client-side query timeout', new Error('Query read timeout')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['SQLite busy', withCode('SQLITE_BUSY', 'database is locked')],
    ['SQLite busy snapshot', withCode('SQLITE_BUSY_SNAPSHOT')],
    ['SQLite locked', withCode('SQLITE_LOCKED')],
    [
      'an outage wrapped as a cause',
      new Error('rollback failed', { cause: withCode('ECONNRESET') }),
    ],
  ])('says yes for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a check violation', pgError('23514')],
    ['a syntax error', pgError('42601')],
    ['a serialization failure', pgError('40001')],
    ['SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('says no for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('toAppError for an outage', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After and a detail that names no internals', () => {
    const error = toAppError(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'));
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ 'retry-after': '2' });
    expect(error.expose).toBe(true);
    expect(error.detail).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|5432/);
  });

  it('keeps a bug a 500', () => {
    expect(toAppError(new TypeError('x is undefined')).code).toBe('INTERNAL_ERROR');
  });
});
