import type { CliIo } from '../../cli.js';

/** Options every `cofre admin …` command takes. */
export interface AdminOptions {
  url: string;
  json?: boolean;
  actor?: string;
}

export const DEFAULT_ADMIN_URL = 'http://127.0.0.1:8080';

/** What a call answered: the parsed body, or why there is none (already reported on stderr). */
export type AdminAnswer = { ok: true; body: unknown } | { ok: false; exitCode: number };

/**
 * One request to the back-office API (docs/admin.md) with the token from COFRE_ADMIN_TOKEN.
 * A problem document is printed as `cofre: <status> <code>: <detail>` and exits 1; a missing
 * token exits 2 before anything is sent. The token is never printed.
 */
export async function adminRequest(
  io: CliIo,
  opts: AdminOptions,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<AdminAnswer> {
  const token = io.env.COFRE_ADMIN_TOKEN;
  if (!token) {
    io.err("cofre: set COFRE_ADMIN_TOKEN to the server's admin token (docs/admin.md)");
    return { ok: false, exitCode: 2 };
  }
  const url = `${opts.url.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (opts.actor !== undefined) headers['x-admin-actor'] = opts.actor;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    io.err(
      `cofre: cannot reach ${opts.url}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    return { ok: false, exitCode: 1 };
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const problem = (parsed ?? {}) as { code?: string; detail?: string };
    if (opts.json) io.out(JSON.stringify(parsed));
    io.err(
      `cofre: ${res.status} ${problem.code ?? 'ERROR'}: ${problem.detail ?? (text || res.statusText)}`,
    );
    if (res.status === 404 && problem.code === 'ROUTE_NOT_FOUND') {
      io.err(
        'cofre: is COFRE_ADMIN_TOKEN set on the server? Without it the admin API does not exist.',
      );
    }
    return { ok: false, exitCode: 1 };
  }
  return { ok: true, body: parsed };
}
