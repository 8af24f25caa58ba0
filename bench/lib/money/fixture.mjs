import { setTimeout as sleep } from 'node:timers/promises';
import { issueToken } from '../cofre-api.mjs';
import { server } from '../server-module.mjs';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

/**
 * What every measured withdrawal needs, made through the API as an integrator would, on a
 * `cofre serve` in the sandbox (its simulator activates the account, pays the deposit and
 * approves the instruction): one customer, an ACTIVE BRL account funded with `funds`, and a
 * beneficiary whose PIX instruction is APPROVED.
 */
export async function seedMoney(databaseUrl, base, funds) {
  const { createCustomerWithClient, createDb, loadConfig, migrateToLatest } = server;
  const config = loadConfig({
    COFRE_DATABASE_URL: databaseUrl,
    COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
  });
  const handle = createDb(config.database, { maintenance: true });
  let credentials;
  try {
    await migrateToLatest(handle.db);
    credentials = await createCustomerWithClient(
      handle.db,
      { name: 'Bench customer', environment: config.environment },
      { now: () => Date.now() },
    );
  } finally {
    await handle.destroy();
  }
  const token = await issueToken(base, credentials);
  const call = (method, path, body) => api(base, token, method, path, body);

  const account = await call('POST', '/v1/accounts', { type: 'CHECKING', assets: ['BRL'] });
  await until(
    'account ACTIVE',
    async () => (await call('GET', `/v1/accounts/${account.id}`)).status === 'ACTIVE',
  );
  const deposit = await call('POST', '/v1/operations/deposit', {
    accountId: account.id,
    asset: 'BRL',
    amount: funds,
  });
  await until(
    'deposit COMPLETED',
    async () => (await call('GET', `/v1/operations/${deposit.id}`)).status === 'COMPLETED',
  );
  const beneficiary = await call('POST', '/v1/beneficiaries', {
    holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '52998224725' },
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'finance@example.com' },
  });
  const instructionId = beneficiary.paymentInstructions[0].id;
  await until('instruction APPROVED', async () => {
    const current = await call('GET', `/v1/beneficiaries/${beneficiary.id}`);
    return current.paymentInstructions.find((i) => i.id === instructionId)?.status === 'APPROVED';
  });
  return {
    credentials,
    token,
    accountId: account.id,
    beneficiaryId: beneficiary.id,
    instructionId,
  };
}

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300) {
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json;
}

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`bench fixture: ${what} did not happen within ${timeoutMs} ms`);
}
