import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cofre } from './helpers/run-cli.js';

describe('cofre with a bad configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cofre-cli-config-'));
  const dbPath = join(dir, 'never', 'cofre.db');
  const badEnv = {
    COFRE_DATABASE_URL: dbPath,
    PORT: 'eighty',
    COFRE_ENVIRONMENT: 'staging',
    COFRE_FOO: 'bar',
    COFRE_CURSOR_SECRET: 'short',
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [['migrate']],
    [['clients', 'create', '--name', 'Acme']],
    [['clients', 'rotate-secret', 'cli_x']],
  ])('exits 78 naming every bad key on stderr and touches no database (%j)', async (args) => {
    const run = await cofre(args, badEnv);
    expect(run.code).toBe(78);
    expect(run.out).toEqual([]);
    const stderr = run.err.join('\n');
    for (const key of ['PORT', 'COFRE_ENVIRONMENT', 'COFRE_FOO', 'COFRE_CURSOR_SECRET']) {
      expect(stderr).toContain(key);
    }
    expect(existsSync(dbPath)).toBe(false);
  });

  it('exits non-zero for an unknown command', async () => {
    const run = await cofre(['launch'], { COFRE_DATABASE_URL: dbPath });
    expect(run.code).not.toBe(0);
    expect(run.err.join('\n')).toMatch(/unknown command/i);
    expect(existsSync(dbPath)).toBe(false);
  });
});
