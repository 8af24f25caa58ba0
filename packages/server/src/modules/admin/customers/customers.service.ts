import type { Environment } from '../../../config/environment.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { insertCustomerWithClient, type IssuedCredentials } from '../../customers/index.js';
import { audited, type ActionContext } from '../audited.js';
import { clientOr404 } from '../clients/client-view.js';
import { customerOr404 } from './customer-view.js';
import type { OperatorCustomer } from './customers.schemas.js';

export interface CustomersAdminDeps {
  db: Db;
  clock: Clock;
  /** The deployment's environment: a customer's first API client is issued for it. */
  environment: Environment;
}

/** The back-office's customers (docs/admin.md "Customers and API clients"). */
export class CustomersAdmin {
  constructor(private readonly deps: CustomersAdminDeps) {}

  /** A customer with its first API client; the audit row's `after` holds both (never the secret). */
  create(ctx: ActionContext, input: { name: string }): Promise<IssuedCredentials> {
    const { environment } = this.deps;
    const audit = { action: 'CUSTOMER_CREATED', subjectType: 'CUSTOMER' } as const;
    return audited(this.deps, ctx, audit, async (tx, at) => {
      const issued = await insertCustomerWithClient(tx.trx, { name: input.name, environment }, at);
      const customer = await customerOr404(tx.trx, issued.customerId);
      const client = await clientOr404(tx.trx, issued.clientId);
      return {
        subjectId: issued.customerId,
        before: null,
        after: { customer, clients: [client] },
        result: issued,
      };
    });
  }

  get(customerId: string): Promise<OperatorCustomer> {
    return customerOr404(this.deps.db, customerId);
  }
}
