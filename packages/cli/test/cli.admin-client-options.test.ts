import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  restrictionBody,
  withLifts,
  type RestrictionOptions,
} from '../src/commands/admin/client-restrictions.js';

/** The PATCH body `cofre admin clients update` sends for these arguments. */
function bodyOf(...args: string[]): Record<string, unknown> {
  const command = withLifts(
    new Command('update').exitOverride().configureOutput({ writeErr: () => {} }),
  );
  command.parse(args, { from: 'user' });
  return restrictionBody(command.opts<RestrictionOptions>());
}

describe('cofre admin clients update options', () => {
  it('sends --rate-limit as rateLimit, and --default-rate-limit as null', () => {
    expect(bodyOf('--rate-limit', '120')).toEqual({ rateLimit: 120 });
    expect(bodyOf('--default-rate-limit')).toEqual({ rateLimit: null });
  });

  it.each(['0', '-3', '1.5', 'ten'])('refuses --rate-limit %s before sending anything', (value) => {
    expect(() => bodyOf('--rate-limit', value)).toThrow(/requests per minute/);
  });

  it('sends --accounts as accountIds, and --all-accounts as null', () => {
    expect(bodyOf('--accounts', 'acc_1, acc_2')).toEqual({ accountIds: ['acc_1', 'acc_2'] });
    expect(bodyOf('--all-accounts')).toEqual({ accountIds: null });
  });
});
