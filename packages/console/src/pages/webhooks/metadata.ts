/**
 * Metadata as the form edits it: one `key=value` per line (docs/api.md "Metadata": at most 50
 * keys of 1-40 characters without `[` `]`, values up to 500 characters; the server checks the
 * limits and names the key it refuses).
 */
export type Metadata = Record<string, string>;

export type ParsedMetadata = { kind: 'ok'; value: Metadata } | { kind: 'invalid'; detail: string };

export function parseMetadata(text: string): ParsedMetadata {
  const value: Metadata = {};
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) {
      return { kind: 'invalid', detail: `Line ${i + 1}: write key=value.` };
    }
    value[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return { kind: 'ok', value };
}

export function formatMetadata(metadata: Metadata): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
}

/**
 * A PATCH merges metadata, and `""` removes a key: the edit's result is the lines as written,
 * so keys that were removed are sent as `""`.
 */
export function metadataPatch(before: Metadata, after: Metadata): Metadata {
  const patch: Metadata = { ...after };
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = '';
  return patch;
}
