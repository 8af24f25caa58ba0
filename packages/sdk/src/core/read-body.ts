/**
 * A response body, read once: `json` is the parsed value when the body was JSON, `text` the raw
 * text, and `parsed` whether parsing succeeded.
 *
 * @example
 * ```ts
 * const body: ReadBody = { text: '{"id":"acc_x"}', parsed: true, json: { id: 'acc_x' } };
 * ```
 */
export type ReadBody =
  { text: string; parsed: true; json: unknown } | { text: string; parsed: false; json: undefined };

/**
 * Reads a response body and parses it as JSON when the content type says JSON
 * (`application/json`, `application/problem+json`, any `+json`). Malformed JSON is reported as
 * `parsed: false` rather than thrown, so the caller decides what it means.
 *
 * @example
 * ```ts
 * const body = await readBody(await fetch(url));
 * if (body.parsed) console.log(body.json);
 * ```
 */
export async function readBody(response: Response): Promise<ReadBody> {
  const text = await response.text();
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  const isJson = /^application\/([a-z0-9.+-]+\+)?json\b/.test(contentType);
  if (!isJson || text === '') return { text, parsed: false, json: undefined };
  try {
    return { text, parsed: true, json: JSON.parse(text) as unknown };
  } catch {
    return { text, parsed: false, json: undefined };
  }
}
