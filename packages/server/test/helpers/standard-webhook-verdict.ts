import { Webhook as StandardWebhook } from 'standardwebhooks';
import { vi } from 'vitest';
import type { Received } from './receiver.js';

/** The stock library's verdict, its clock set to `ms` (it checks the attempt's timestamp). */
export function verifiedAt(ms: number, secret: string, request: Received): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    return new StandardWebhook(secret).verify(request.body, headers);
  } finally {
    vi.useRealTimers();
  }
}
