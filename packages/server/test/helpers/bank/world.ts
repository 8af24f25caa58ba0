import { expect } from 'vitest';
import type { Asset } from '../../../src/lib/money.js';
import { PIX_EMAIL, WALLET, createBeneficiary } from '../beneficiaries.js';
import type { TestApp } from '../test-app.js';
import { until } from './until.js';

/**
 * The bank test's world: a few customers, each with a few multi-asset accounts and one approved
 * payment instruction per asset, all created through the API and activated by the sandbox
 * (a real clock and the in-process worker).
 */
export const BANK_ASSETS = ['BRL', 'USDT', 'BTC'] as const satisfies readonly Asset[];
export type BankAsset = (typeof BANK_ASSETS)[number];

export interface BankAccount {
  id: string;
  customer: BankCustomer;
}

export interface BankCustomer {
  name: string;
  token: string;
  accounts: BankAccount[];
  /** An approved payment instruction per asset, to withdraw to. */
  instructions: Record<BankAsset, { id: string; paymentInstructionId: string }>;
}

export interface BankWorld {
  t: TestApp;
  customers: BankCustomer[];
  accounts: BankAccount[];
}

const INSTRUCTIONS: Record<BankAsset, Record<string, string>> = {
  BRL: PIX_EMAIL,
  USDT: WALLET,
  BTC: {
    rail: 'CRYPTO_WALLET',
    asset: 'BTC',
    network: 'BITCOIN',
    address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  },
};

export async function createWorld(
  t: TestApp,
  shape: { customers: number; accountsPerCustomer: number },
): Promise<BankWorld> {
  const customers: BankCustomer[] = [];
  for (let c = 0; c < shape.customers; c += 1) {
    const name = `Bank customer ${c + 1}`;
    const { token } = await t.customer(name);
    const customer: BankCustomer = {
      name,
      token,
      accounts: [],
      instructions: {} as BankCustomer['instructions'],
    };
    for (let a = 0; a < shape.accountsPerCustomer; a += 1) {
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', assets: BANK_ASSETS },
      });
      expect(res.statusCode, res.body).toBe(201);
      customer.accounts.push({ id: res.json<{ id: string }>().id, customer });
    }
    for (const asset of BANK_ASSETS) {
      const beneficiary = await createBeneficiary(t, token, {
        paymentInstruction: INSTRUCTIONS[asset],
      });
      customer.instructions[asset] = {
        id: beneficiary.id,
        paymentInstructionId: beneficiary.paymentInstructions[0]!.id,
      };
    }
    customers.push(customer);
  }
  const accounts = customers.flatMap((c) => c.accounts);
  await until('every account asset ACTIVE and every instruction APPROVED', async () => {
    for (const account of accounts) {
      const res = await t.as(account.customer.token, {
        method: 'GET',
        url: `/v1/accounts/${account.id}`,
      });
      const assets = res.json<{ assets: { status: string }[] }>().assets;
      if (!assets.every((a) => a.status === 'ACTIVE')) return undefined;
    }
    for (const customer of customers) {
      for (const { id } of Object.values(customer.instructions)) {
        const res = await t.as(customer.token, { method: 'GET', url: `/v1/beneficiaries/${id}` });
        const [instruction] = res.json<{ paymentInstructions: { status: string }[] }>()
          .paymentInstructions;
        if (instruction?.status !== 'APPROVED') return undefined;
      }
    }
    return true;
  });
  return { t, customers, accounts };
}

/** A decimal string of the API (`"-12.50"`, `"0.00000001"`) as minor units. */
export const minorOf = (text: string): bigint => BigInt(text.replace('.', ''));
