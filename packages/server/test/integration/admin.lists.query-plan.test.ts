import { CompiledQuery, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/lib/cursor.js';
import { newId } from '../../src/lib/ids.js';
import { planPage } from '../../src/lib/pagination.js';
import { accountsForOperatorQuery } from '../../src/modules/admin/accounts/accounts.repository.js';
import { customersForOperatorQuery } from '../../src/modules/admin/customers/customers.repository.js';
import { instructionsForOperatorQuery } from '../../src/modules/admin/instructions/instructions.repository.js';
import { operationsForOperatorQuery } from '../../src/modules/admin/operations/operations.repository.js';
import { planOf as planOfStatement } from '../helpers/statement-spy.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const CUSTOMERS = 400;
const PER_CUSTOMER = 5;
const OPERATIONS_PER_CUSTOMER = 20;
const T0 = Date.UTC(2026, 0, 1);
const STATUSES = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED', 'COMPLETED'] as const;
const TYPES = ['DEPOSIT', 'WITHDRAWAL', 'PIX_PAYMENT', 'DEPOSIT', 'SWAP'] as const;

/**
 * The back-office's lists across customers (migration 0022) read their rows through an index on
 * both engines, never a scan of the table: unfiltered, by each filter, and from a cursor,
 * however many rows other customers have.
 */
describe.each(ENGINES)('admin list query plans on %s', (engine) => {
  let customerId: string;
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  const t = useTestApp(engine);

  beforeAll(async () => {
    const db = t.handle.db;
    const customers = [];
    const accounts = [];
    const beneficiaries = [];
    const instructions = [];
    const operations = [];
    for (let c = 0; c < CUSTOMERS; c++) {
      const at = T0 + c * 10_000;
      const id = newId('customer', at);
      customers.push({ id, name: `C${c}`, created_at: at });
      const accountId = newId('account', at);
      accounts.push({
        id: accountId,
        customer_id: id,
        type: 'CHECKING' as const,
        status: c % 10 === 0 ? ('OPENING' as const) : ('ACTIVE' as const),
        name: null,
        assets: '[{"asset":"BRL","status":"ACTIVE"}]',
        created_at: at,
        updated_at: at,
      });
      const beneficiaryId = newId('beneficiary', at);
      beneficiaries.push({
        id: beneficiaryId,
        customer_id: id,
        holder_type: 'INDIVIDUAL' as const,
        holder_name: `H${c}`,
        tax_id: '52998224725',
        relationship_type: 'THIRD_PARTY' as const,
        created_at: at,
        updated_at: at,
      });
      // One customer with many instructions, so the planner walks its index rather than sorting.
      const count = Math.max(c === 7 ? 300 : PER_CUSTOMER, OPERATIONS_PER_CUSTOMER);
      for (let i = 0; i < count; i++) {
        const when = at + i * 10;
        if (i < (c === 7 ? 300 : PER_CUSTOMER)) {
          instructions.push({
            id: newId('paymentInstruction', when),
            beneficiary_id: beneficiaryId,
            customer_id: id,
            rail: 'PIX' as const,
            asset: 'BRL',
            details: `{"keyType":"EMAIL","key":"k${c}-${i}@example.com"}`,
            fingerprint: `f${c}-${i}`,
            status: i === 0 && c % 20 === 0 ? ('PENDING_REVIEW' as const) : ('APPROVED' as const),
            reason_code: null,
            reason_message: null,
            removed_at: null,
            created_at: when,
            updated_at: when,
          });
        }
        if (i >= OPERATIONS_PER_CUSTOMER) continue;
        operations.push({
          id: newId('operation', when),
          customer_id: id,
          account_id: accountId,
          type: c % 100 === 0 && i === 1 ? 'REVERSAL' : TYPES[i % TYPES.length]!,
          // What an operator looks for is rare among what is settled: a few REQUESTED, REVERSAL.
          status: c % 100 === 0 && i === 0 ? 'REQUESTED' : STATUSES[i % STATUSES.length]!,
          asset: 'BRL' as const,
          amount: 1000n,
          details: '{}',
          created_at: when,
          updated_at: when,
        });
      }
    }
    customerId = customers[7]!.id;
    const insert = async (table: string, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto(table as 'customers')
          .values(rows.slice(i, i + 200) as never)
          .execute();
      }
    };
    await insert('customers', customers);
    await insert('accounts', accounts);
    await insert('beneficiaries', beneficiaries);
    await insert('payment_instructions', instructions);
    await insert('operations', operations);
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  /** The engine's plan of a query, as text lines. */
  const planOf = (query: Compilable): Promise<string> =>
    planOfStatement(t.handle.db, engine, query.compile());

  const binding = { customerId: 'admin', scope: 'plan' };
  const plan = (cursorAt?: number) =>
    planPage(
      cursorAt === undefined
        ? { limit: 10 }
        : {
            limit: 10,
            cursor: codec.encode(
              { sortValue: T0 + cursorAt * 10_000, id: 'x', direction: 'NEXT' },
              binding,
            ),
          },
      codec,
      binding,
    );

  /**
   * Read through `index`, never by scanning `table`. SQLite walks it in order (no sort step);
   * PostgreSQL may instead collect the few rows its statistics expect (a rare type) and sort
   * them, which costs what those rows do, not what the table holds.
   */
  const expectIndexOrder = (explained: string, table: string, index: string) => {
    expect(explained).toContain(index);
    if (engine === 'postgres') {
      expect(explained).not.toMatch(new RegExp(`Seq Scan on ${table}`));
    } else {
      expect(explained).not.toMatch(/SCAN \w+\b(?! USING)|TEMP B-TREE/);
    }
  };

  it.each([
    ['every customer', () => customersForOperatorQuery(t.handle.db, plan()), 'customers_created'],
    [
      'every customer from a cursor',
      () => customersForOperatorQuery(t.handle.db, plan(200)),
      'customers_created',
    ],
    [
      'the review queue',
      () => instructionsForOperatorQuery(t.handle.db, { status: 'PENDING_REVIEW' }, plan()),
      'payment_instructions_status_created',
    ],
    [
      "one customer's instructions",
      () => instructionsForOperatorQuery(t.handle.db, { customerId }, plan()),
      'payment_instructions_customer_created',
    ],
    [
      'every operation',
      () => operationsForOperatorQuery(t.handle.db, {}, plan()),
      'operations_created',
    ],
    [
      'operations by status',
      () => operationsForOperatorQuery(t.handle.db, { status: 'REQUESTED' }, plan(150)),
      'operations_status_created',
    ],
    [
      'operations by type',
      () => operationsForOperatorQuery(t.handle.db, { type: 'REVERSAL' }, plan()),
      'operations_type_created',
    ],
    [
      "one customer's operations",
      () => operationsForOperatorQuery(t.handle.db, { customerId }, plan()),
      'operations_customer_created',
    ],
    ['every account', () => accountsForOperatorQuery(t.handle.db, {}, plan()), 'accounts_created'],
    [
      'accounts by status',
      () => accountsForOperatorQuery(t.handle.db, { status: 'OPENING' }, plan()),
      'accounts_status_created',
    ],
  ] as [string, () => Compilable, string][])(
    'reads %s through its index',
    async (_, query, index) => {
      const table = index.replace(/_(status|customer|type)?_?created$/, '');
      expectIndexOrder(await planOf(query()), table, index);
    },
  );
});
