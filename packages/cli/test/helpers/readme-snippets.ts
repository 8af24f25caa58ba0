import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, where a reader pastes the README's commands. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** One fenced code block of the README. */
export interface Snippet {
  /** The fence's language (`sh`, `js`…). */
  lang: string;
  code: string;
  /** 1-based line of the opening fence, for messages. */
  line: number;
}

/** Every fenced block of the repository's README.md, in order. */
export function readmeSnippets(): Snippet[] {
  const lines = readFileSync(`${REPO_ROOT}README.md`, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  let open: { lang: string; line: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^```(\w*)\s*$/.exec(text);
    if (!fence) {
      open?.body.push(text);
      return;
    }
    if (open) {
      snippets.push({ lang: open.lang, code: open.body.join('\n'), line: open.line });
      open = undefined;
    } else {
      open = { lang: fence[1] ?? '', line: index + 1, body: [] };
    }
  });
  return snippets;
}

/**
 * The one snippet of `lang` that contains `marker`: a README edit that removes it, or makes it
 * ambiguous, fails the test that relies on it instead of silently testing nothing.
 */
export function snippetWith(snippets: Snippet[], lang: string, marker: string): Snippet {
  const found = snippets.filter((s) => s.lang === lang && s.code.includes(marker));
  if (found.length !== 1) {
    throw new Error(`README.md: expected one ${lang} block with ${marker}, found ${found.length}`);
  }
  return found[0]!;
}

/**
 * `code` with each placeholder replaced by what the reader would type, failing when a
 * placeholder is missing (the README changed and the test no longer follows it).
 */
export function fillIn(snippet: Snippet, values: [placeholder: string, value: string][]): string {
  let code = snippet.code;
  for (const [placeholder, value] of values) {
    if (!code.includes(placeholder)) {
      throw new Error(`README.md line ${snippet.line}: no ${placeholder} to fill in`);
    }
    code = code.split(placeholder).join(value);
  }
  return code;
}
