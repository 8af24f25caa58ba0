import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COFRE_ERROR_CODES } from '../../../sdk/src/errors/error-codes.js';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/lib/errors.js';

const docs = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');

/** `| 404 | \`RESOURCE_NOT_FOUND\` | …` rows of the code table in docs/errors.md. */
function documentedCodes(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const match of docs.matchAll(/^\|\s*(\d{3})\s*\|\s*`([A-Z_]+)`\s*\|/gm)) {
    rows.set(match[2]!, Number(match[1]));
  }
  return rows;
}

describe('the error catalogue', () => {
  it('is documented in docs/errors.md, each code once, with its status', () => {
    const documented = documentedCodes();
    const expected = new Map(ERROR_CODES.map((code) => [code, ERROR_CATALOGUE[code].status]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });

  it('is the SDK code list, no more and no less', () => {
    expect([...COFRE_ERROR_CODES].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('gives every code a 4xx or 5xx status and a title', () => {
    for (const code of ERROR_CODES) {
      const { status, title } = ERROR_CATALOGUE[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(title.length, code).toBeGreaterThan(0);
    }
  });
});
