import { execFileSync } from 'node:child_process';

/** A whole-number setting from the environment, at least `min`. */
export function envInt(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new Error(`${name} must be a whole number >= ${min}`);
  return Number(raw);
}

/** A comma-separated setting, each value one of `allowed` when given. */
export function envList(name, fallback, allowed) {
  const values = (process.env[name] || fallback).split(',').map((v) => v.trim());
  for (const value of values) {
    if (allowed && !allowed.includes(value)) throw new Error(`${name}: unknown value "${value}"`);
  }
  return values;
}

/** A comma-separated list of whole numbers >= `min`. */
export function envNumbers(name, fallback, min = 1) {
  return envList(name, fallback).map((v) => {
    if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`${name}: whole numbers >= ${min}`);
    return Number(v);
  });
}

/** Which code was measured: the commit, and the server files changed on top of it. */
export function sourceState() {
  try {
    const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--', 'packages');
    return { commit: git('rev-parse', 'HEAD'), uncommitted: changed ? changed.split('\n') : [] };
  } catch {
    return undefined; // not a git checkout
  }
}
