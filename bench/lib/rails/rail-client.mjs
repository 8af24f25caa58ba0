import { getAddress } from 'viem';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

/** The API calls the rail bench makes, as an integrator and as the operator would. */
export function railClient(base, token, adminToken) {
  const call = async (path, { method = 'GET', body, admin = false } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${admin ? adminToken : token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  /** Runs `task(i)` for i < n, `width` at a time, in order of i. */
  const inBatches = async (n, task, width = 10) => {
    const out = [];
    for (let i = 0; i < n; i += width) {
      out.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(width, n - i) }, (_, j) => task(i + j)),
        )),
      );
    }
    return out;
  };
  return {
    /** `n` ACTIVE USDT accounts (activated by the operator) and their deposit addresses. */
    activeAccounts: (n) =>
      inBatches(n, async () => {
        const account = await call('/v1/accounts', {
          method: 'POST',
          body: { type: 'CHECKING', assets: ['USDT'] },
        });
        await call(`/admin/v1/accounts/${account.id}/assets/USDT/activate`, {
          method: 'POST',
          admin: true,
        });
        const funding = await call(`/v1/accounts/${account.id}/fundingInstructions`);
        return { id: account.id, address: funding.data.find((f) => f.asset === 'USDT').address };
      }),
    /** `n` beneficiaries with an APPROVED USDT wallet on ETHEREUM each (distinct addresses). */
    approvedWallets: (n) =>
      inBatches(n, async (i) => {
        const address = getAddress(`0x9${String(i + 1).padStart(39, '0')}`);
        const beneficiary = await call('/v1/beneficiaries', {
          method: 'POST',
          body: {
            holder: { type: 'COMPANY', name: 'Bench Payee Ltda', taxId: '11222333000181' },
            relationshipType: 'THIRD_PARTY',
            paymentInstruction: {
              rail: 'CRYPTO_WALLET',
              asset: 'USDT',
              network: 'ETHEREUM',
              address,
            },
          },
        });
        const paymentInstructionId = beneficiary.paymentInstructions[0].id;
        await call(`/admin/v1/paymentInstructions/${paymentInstructionId}/approve`, {
          method: 'POST',
          admin: true,
        });
        return { id: beneficiary.id, paymentInstructionId };
      }),
    /** One withdrawal of `amount` USDT to each beneficiary; their ids. */
    withdrawals: (accountId, beneficiaries, amount) =>
      inBatches(beneficiaries.length, async (i) => {
        const operation = await call('/v1/operations/withdrawal', {
          method: 'POST',
          body: { accountId, asset: 'USDT', amount, beneficiary: beneficiaries[i] },
        });
        return operation.id;
      }),
  };
}
