import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import { planPage } from '../../src/lib/pagination.js';
import { listAccounts } from '../../src/modules/accounts/accounts.repository.js';
import type { NewAccountRow } from '../../src/modules/accounts/accounts.table.js';
import { listOperations } from '../../src/operations/operations.repository.js';
import type { NewOperationRow } from '../../src/operations/operations.table.js';
import { planOf, StatementSpy } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const CUSTOMERS = 3;
const ACCOUNTS = 400;
const OPERATIONS_PER_ACCOUNT = 10;
const T0 = Date.UTC(2026, 0, 1);

/**
 * Issue 27 point 1: the lists of a client bound to accounts (`account_id IN (…)`, and for
 * operations the counterparty too) read the bound accounts' rows through the indexes that start
 * (customer_id, account_id) and (customer_id, counterparty_account_id), as the `accountId` filter
 * does, then order them; accounts by primary key. Never a scan of the table, however many rows
 * the customer's other accounts and other customers hold (measured plans: docs/api.md "Clients
 * bound to accounts").
 */
describe.each(ENGINES)('bound client list query plans on %s', (engine) => {
  const t = useTestApp(engine);
  const codec = new CursorCodec(Buffer.alloc(32, 7));
  let customerId: string;
  let bound: string[];

  beforeAll(async () => {
    const db = t.handle.db;
    for (let c = 0; c < CUSTOMERS; c++) {
      const customer = newId('customer', T0 + c);
      await db
        .insertInto('customers')
        .values({ id: customer, name: `C${c}`, created_at: T0 + c })
        .execute();
      const accounts: NewAccountRow[] = [];
      const operations: NewOperationRow[] = [];
      for (let a = 0; a < ACCOUNTS; a++) {
        const at = T0 + a * 1_000 + c;
        accounts.push({
          id: newId('account', at),
          customer_id: customer,
          type: 'CHECKING',
          status: 'ACTIVE',
          name: null,
          assets: '[{"asset":"BRL","status":"ACTIVE"}]',
          created_at: at,
          updated_at: at,
        });
      }
      for (let i = 0; i < ACCOUNTS * OPERATIONS_PER_ACCOUNT; i++) {
        const at = T0 + 100_000 + i * 1_000 + c;
        operations.push({
          id: newId('operation', at),
          customer_id: customer,
          account_id: accounts[i % ACCOUNTS]!.id,
          // Every tenth a transfer to the next account, seen from both.
          counterparty_account_id: i % 10 === 0 ? accounts[(i + 1) % ACCOUNTS]!.id : null,
          type: i % 10 === 0 ? 'TRANSFER' : 'DEPOSIT',
          status: 'COMPLETED',
          asset: 'BRL',
          amount: 1000n,
          details: '{}',
          metadata: '{}',
          created_at: at,
          updated_at: at,
        });
      }
      for (let i = 0; i < accounts.length; i += 200) {
        await db
          .insertInto('accounts')
          .values(accounts.slice(i, i + 200))
          .execute();
      }
      for (let i = 0; i < operations.length; i += 250) {
        await db
          .insertInto('operations')
          .values(operations.slice(i, i + 250))
          .execute();
      }
      if (c === 0) {
        customerId = customer;
        bound = accounts.slice(3, 6).map((a) => a.id);
      }
    }
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  }, 120_000);

  const plan = () => {
    const binding = { customerId, scope: 'plan' };
    return planPage({ limit: 10 }, codec, binding);
  };

  const planOfList = async (run: (db: typeof t.handle.db) => Promise<unknown>) => {
    const spy = new StatementSpy(t.handle.db);
    const [statement] = await spy.capture(() => run(spy.db));
    return planOf(t.handle.db, engine, statement!);
  };

  /** Read through an index of `table` named in `indexes`, never a scan of the table. */
  const expectIndexRead = (explained: string, table: string, indexes: RegExp) => {
    expect(explained, explained).toMatch(indexes);
    if (engine === 'postgres') expect(explained, explained).not.toMatch(`Seq Scan on ${table}`);
    else expect(explained, explained).not.toMatch(new RegExp(`SCAN ${table}(?! USING)`));
  };

  it("reads a bound client's operations through the account and counterparty indexes", async () => {
    const explained = await planOfList((db) =>
      listOperations(db, customerId, { boundAccounts: bound }, plan()),
    );
    expectIndexRead(explained, 'operations', /operations_customer_(account|counterparty)_created/);
  });

  it("reads a bound client's accounts by primary key or the customer's index", async () => {
    const explained = await planOfList((db) =>
      listAccounts(db, customerId, { ids: bound }, plan()),
    );
    expectIndexRead(
      explained,
      'accounts',
      /accounts_pkey|sqlite_autoindex_accounts_1|accounts_customer_created/,
    );
  });
});
