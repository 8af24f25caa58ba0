import { describe, expect, it } from 'vitest';
import { CofreClient, type DepositInput, type WithdrawalInput } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint } from './helpers/fake-fetch.js';

// Issue 8 point 6: deposits and withdrawals take an optional quoteId, sent as given.
describe('quoted deposit and withdrawal inputs', () => {
  it('sends quoteId in the deposit and withdrawal bodies', async () => {
    const fake = new FakeFetch(tokenEndpoint(() => json(201, {})));
    const client = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    });
    const deposit: DepositInput = {
      accountId: 'acc_1',
      asset: 'BRL',
      amount: '1000.00',
      quoteId: 'quo_1',
    };
    const withdrawal: WithdrawalInput = {
      accountId: 'acc_1',
      asset: 'BRL',
      amount: '500.00',
      beneficiary: { id: 'ben_1', paymentInstructionId: 'pin_1' },
      quoteId: 'quo_2',
    };
    await client.operations.deposit(deposit);
    await client.operations.withdraw(withdrawal);
    expect(fake.apiCalls.map((c) => c.body)).toEqual([deposit, withdrawal]);
  });
});
