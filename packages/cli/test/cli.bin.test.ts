import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
};
const BIN = join(PACKAGE_DIR, manifest.bin.cofre!);

const run = async (file: string, args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('the cofre executable', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cofre-bin-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is a source file outside dist/, so npm can link it before the first build', () => {
    // npm links bins at install time, before `prepare` builds dist/, and skips missing ones.
    expect(relative(PACKAGE_DIR, BIN).split(/[\\/]/)[0]).not.toBe('dist');
    expect(readFileSync(BIN, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('runs the built CLI', async () => {
    const { code, stdout } = await run(BIN, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: cofre');
  });

  it('says to build first when the build is missing', async () => {
    const copy = join(scratch, 'bin', 'cofre.js');
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(BIN, copy);
    const { code, stdout, stderr } = await run(copy, ['--help']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('run `npm run build`');
  });
});
