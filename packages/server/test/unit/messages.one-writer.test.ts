import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const REPOSITORY = 'webhooks/messages/messages.repository.ts';
/** Migration 0031 numbers the messages that exist (their `sequence`), never a status. */
const SEQUENCE_BACKFILL = 'db/migrations/0031-message-sequences.ts';

/** Every TypeScript source file below `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// Issue 24 point 5: a message's status changes only through messages.repository.ts, where each
// change is checked against MESSAGE_MACHINE. Creating messages (fan-out) and deleting them
// (retention) are not status changes; an UPDATE of the table anywhere else is, but for the one
// migration that backfilled a new column.
describe('who updates webhook messages', () => {
  it('is messages.repository.ts alone', () => {
    const writers = sourceFiles(SRC)
      .filter((path) =>
        /updateTable\(\s*'messages'|\bupdate\s+messages\b/i.test(readFileSync(path, 'utf8')),
      )
      .map((path) => relative(SRC, path));
    expect(writers.sort()).toEqual([SEQUENCE_BACKFILL, REPOSITORY].sort());
  });
});
