import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  ENGINES,
  type TestDatabase,
} from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

describe.each(ENGINES)('cofre migrate on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('applies the migrations once and says the schema is up to date the second time', async () => {
    const env = { COFRE_DATABASE_URL: database.url, COFRE_LOG_LEVEL: 'silent' };

    const first = await cofre(['migrate'], env);
    expect(first.code, first.err.join('\n')).toBe(0);
    expect(first.err).toEqual([]);
    expect(first.out).toHaveLength(1);
    expect(first.out[0]).toMatch(/^applied: 0001-foundation(, \S+)*$/);

    const second = await cofre(['migrate'], env);
    expect(second.code, second.err.join('\n')).toBe(0);
    expect(second.err).toEqual([]);
    expect(second.out).toEqual(['schema is up to date']);
  });
});
