import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

const database = (url: string) => loadConfig({ COFRE_DATABASE_URL: url }).database;

describe('loadConfig COFRE_DATABASE_URL', () => {
  it.each([
    ['./data/dev.db', './data/dev.db'],
    ['/var/lib/cofre/cofre.db', '/var/lib/cofre/cofre.db'],
    ['relative/cofre.db', 'relative/cofre.db'],
    [':memory:', ':memory:'],
  ])('selects SQLite for the plain path %s', (url, filename) => {
    expect(database(url)).toMatchObject({ engine: 'sqlite', filename });
  });

  it.each([
    ['sqlite:./data/dev.db', './data/dev.db'],
    ['sqlite:relative/cofre.db', 'relative/cofre.db'],
    ['sqlite:///var/lib/cofre/cofre.db', '/var/lib/cofre/cofre.db'],
    ['sqlite::memory:', ':memory:'],
  ])('selects SQLite for the sqlite: URL %s', (url, filename) => {
    expect(database(url)).toMatchObject({ engine: 'sqlite', filename });
  });

  it.each(['postgres://cofre:pw@db.internal:5432/cofre', 'postgresql://cofre@localhost/cofre'])(
    'selects PostgreSQL for %s, with the default pool size',
    (url) => {
      expect(database(url)).toMatchObject({ engine: 'postgres', url, poolSize: 10 });
    },
  );

  it('takes the PostgreSQL pool size from COFRE_DATABASE_POOL_SIZE', () => {
    const config = loadConfig({
      COFRE_DATABASE_URL: 'postgres://localhost/cofre',
      COFRE_DATABASE_POOL_SIZE: '25',
    });
    expect(config.database).toMatchObject({
      engine: 'postgres',
      url: 'postgres://localhost/cofre',
      poolSize: 25,
    });
  });

  it.each(['mysql://localhost/cofre', 'sqlite:'])('rejects %s', (url) => {
    expect(() => database(url)).toThrow(ConfigError);
  });
});
