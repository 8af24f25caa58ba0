import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 23, point 1: "a long-lived stream re-checks its credential … the same rule for anything
// else that holds a connection open now or later". A route holds a connection open by taking the
// response over (`reply.hijack()`) or by answering `text/event-stream`; such a file, or a module it
// imports, must call `watchCredential` (plugins/credential-watch.ts). The behaviour itself is
// tested per stream (listen.credential-recheck); this keeps a new one from forgetting it.

const src = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Code without comments, so a comment that mentions a hijack or the watch does not count. */
const codeOf = (file: string): string =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The files a source file imports relatively (`./x.js` → `./x.ts`). */
function importsOf(file: string, code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/from\s+'(\.{1,2}\/[^']+)\.js'/g)) {
    out.push(resolve(dirname(file), `${match[1]}.ts`));
  }
  return out;
}

/** Files that take a response over or stream events, and whether the watch is within reach. */
function heldConnectionFiles(files: string[]): { file: string; watched: boolean }[] {
  const code = new Map(files.map((file) => [file, codeOf(file)]));
  const calls = (file: string) => /\bwatchCredential\s*\(/.test(code.get(file) ?? '');
  return files
    .filter((file) => /\.hijack\s*\(|text\/event-stream/.test(code.get(file) ?? ''))
    .map((file) => ({
      file: relative(src, file),
      watched: calls(file) || importsOf(file, code.get(file) ?? '').some(calls),
    }));
}

describe('connections held open', () => {
  const files = sourceFiles(src);

  it('re-check their credential: every route that holds a response open reaches watchCredential', () => {
    const held = heldConnectionFiles(files);
    // The rule is not vacuous: the listen stream is one today.
    expect(held.map((h) => h.file)).toContain('webhooks/listen/listen.routes.ts');
    expect(held.filter((h) => !h.watched).map((h) => h.file)).toEqual([]);
  });

  it('finds a held response that does not re-check its credential', () => {
    const route = files.find((f) => f.endsWith('listen.routes.ts'))!;
    const held = heldConnectionFiles([route]);
    // Alone, without the stream module it imports, the route file does not reach the watch.
    expect(held).toEqual([{ file: 'webhooks/listen/listen.routes.ts', watched: false }]);
  });
});
