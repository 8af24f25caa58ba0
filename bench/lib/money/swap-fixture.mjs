import { setTimeout as sleep } from 'node:timers/promises';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

/**
 * The swap phase's accounts, made through the API on the seeding `cofre serve` (its simulator
 * activates them and pays their deposits): `count` ACTIVE accounts holding BRL and USDT, each
 * funded with `funds` BRL. Swaps spread over them, as an integrator's customers' would.
 */
export async function seedSwapAccounts(base, token, count, funds) {
  const call = async (method, path, body) => {
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
      throw new Error(
        `${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`,
      );
    }
    return json;
  };
  const ids = [];
  for (let i = 0; i < count; i++) {
    const account = await call('POST', '/v1/accounts', {
      type: 'CHECKING',
      assets: ['BRL', 'USDT'],
      name: `Bench swaps ${i}`,
    });
    ids.push(account.id);
  }
  for (const id of ids) {
    await until(
      `account ${id} ACTIVE`,
      async () => (await call('GET', `/v1/accounts/${id}`)).status === 'ACTIVE',
    );
  }
  const deposits = [];
  for (const id of ids) {
    deposits.push(
      await call('POST', '/v1/operations/deposit', { accountId: id, asset: 'BRL', amount: funds }),
    );
  }
  for (const deposit of deposits) {
    await until(
      `deposit ${deposit.id} COMPLETED`,
      async () => (await call('GET', `/v1/operations/${deposit.id}`)).status === 'COMPLETED',
    );
  }
  return ids;
}

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`bench fixture: ${what} did not happen within ${timeoutMs} ms`);
}
