import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

// The oldest Node the project supports (package.json engines), e.g. 20.19.0.
const oldest = semver.minVersion(manifest.engines.node)!.version;

describe('the lockfile', () => {
  // A fresh `npm ci` on the oldest supported Node must print no EBADENGINE warning (issue 15):
  // a package that needs a newer Node may break there. Pins live in package.json `overrides`,
  // and a merge that brings back an older lockfile silently undoes them; this catches it.
  it(`installs nothing that needs a newer Node than ${oldest}`, () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range, { loose: true })
          ? [`${path.replace(/^.*node_modules\//, '')} needs node ${range}`]
          : [];
      });
    expect(tooNew).toEqual([]);
  });
});
