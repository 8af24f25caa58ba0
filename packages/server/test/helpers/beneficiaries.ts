import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** Valid Brazilian tax ids, computed with the check-digit algorithm (not copied from the code). */
function mod11(values: number[], weights: number[]): number {
  const r = values.reduce((s, v, i) => s + v * weights[i]!, 0) % 11;
  return r < 2 ? 0 : 11 - r;
}
export function cpf(base9: string): string {
  const d = [...base9].map(Number);
  const d1 = mod11(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11([...d, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base9}${d1}${d2}`;
}
export function cnpj(base12: string): string {
  const v = [...base12].map((c) => c.charCodeAt(0) - 48);
  const d1 = mod11(v, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11([...v, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base12}${d1}${d2}`;
}

export const PIX_EMAIL = { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'pay@example.com' };
export const BANK = {
  rail: 'BANK_ACCOUNT',
  asset: 'BRL',
  ispb: '60746948',
  branch: '0001',
  accountNumber: '12345-6',
  accountType: 'CHECKING',
};
export const WALLET = {
  rail: 'CRYPTO_WALLET',
  asset: 'USDT',
  network: 'TRON',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

export function beneficiaryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: cpf('529982247') },
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: PIX_EMAIL,
    ...overrides,
  };
}

export interface InstructionBody {
  id: string;
  rail: string;
  asset: string;
  status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
  reason: { code: string; message: string } | null;
  [field: string]: unknown;
}
export interface BeneficiaryBody {
  id: string;
  holder: { type: string; name: string; taxId: string };
  relationshipType: string;
  paymentInstructions: InstructionBody[];
  createdAt: string;
  updatedAt: string;
}

export function postBeneficiary(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/beneficiaries', payload, headers });
}

export async function createBeneficiary(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<BeneficiaryBody> {
  const res = await postBeneficiary(t, token, beneficiaryBody(overrides));
  if (res.statusCode !== 201) throw new Error(`beneficiary create: ${res.statusCode} ${res.body}`);
  return res.json<BeneficiaryBody>();
}

export function postInstruction(
  t: TestApp,
  token: string,
  beneficiaryId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, {
    method: 'POST',
    url: `/v1/beneficiaries/${beneficiaryId}/paymentInstructions`,
    payload,
    headers,
  });
}
