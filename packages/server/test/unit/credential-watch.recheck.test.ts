import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_SCOPES } from '../../src/lib/scopes.js';
import { AppError } from '../../src/lib/errors.js';
import type { AuthContext } from '../../src/plugins/auth-context.js';
import { watchCredential } from '../../src/plugins/credential-watch.js';

const AUTH: AuthContext = {
  customerId: 'cus_1',
  clientId: 'cli_1',
  secretVersion: 1,
  expiresAt: Number.MAX_SAFE_INTEGER,
  scopes: new Set(ALL_SCOPES),
};

describe('watching a held credential', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks it every interval and reports the first refusal once, then stops checking', async () => {
    let refuse = false;
    const verify = vi.fn(() =>
      refuse ? Promise.reject(new AppError('INVALID_ACCESS_TOKEN')) : Promise.resolve(AUTH),
    );
    const refused = vi.fn();
    watchCredential({ verify }, refused, 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(refused).not.toHaveBeenCalled();
    refuse = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(verify).toHaveBeenCalledTimes(4);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused.mock.calls[0]![0]).toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
  });

  it('never checks again once stopped', async () => {
    const verify = vi.fn(() => Promise.resolve(AUTH));
    const watch = watchCredential({ verify }, () => {}, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
