import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's chromium package puts the browser (the `chromium` package). */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export type BrowserAvailability = { kind: 'found'; path: string } | { kind: 'none'; why: string };

const found = (): string | undefined =>
  process.env.COFRE_CHROMIUM_PATH && existsSync(process.env.COFRE_CHROMIUM_PATH)
    ? process.env.COFRE_CHROMIUM_PATH
    : CHROMIUM_PATHS.find((p) => existsSync(p));

/**
 * Debian's Chromium for the console's browser tests: the one already installed, or installed now
 * with apt-get when this process may (root, apt-get present). Nothing is downloaded by a test
 * tool of its own (no `playwright install`). Test files run two at a time, so the install is
 * serialised by a lock directory; apt's own lock would refuse a second apt-get.
 * `COFRE_CHROMIUM_PATH` names another Chromium.
 */
export async function ensureChromium(): Promise<BrowserAvailability> {
  const existing = found();
  if (existing) return { kind: 'found', path: existing };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return { kind: 'none', why: 'Chromium is not installed and this user cannot apt-get it' };
  }
  if (!existsSync('/usr/bin/apt-get')) {
    return { kind: 'none', why: 'Chromium is not installed and there is no apt-get here' };
  }
  const lock = join(tmpdir(), 'cofre-chromium-install.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (found()) return { kind: 'found', path: found()! };
      if (Date.now() > deadline)
        return { kind: 'none', why: 'timed out waiting for the install lock' };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!found()) await aptInstall();
  } catch (error) {
    return { kind: 'none', why: `apt-get install chromium failed: ${(error as Error).message}` };
  } finally {
    rmdirSync(lock);
  }
  const path = found();
  return path ? { kind: 'found', path } : { kind: 'none', why: 'apt-get installed no chromium' };
}

async function aptInstall(): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', 'chromium'], {
      env,
      timeout: 8 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  try {
    await install();
  } catch {
    // A fresh machine may not have the package lists yet.
    await run('apt-get', ['update'], { env, timeout: 4 * 60_000, maxBuffer: 64 * 1024 * 1024 });
    await install();
  }
}
