import type { ConsoleRoute, NavItem } from '../route.js';
import { withActions } from './action-dialog.js';
import { AccountsPage } from './accounts.js';
import { AuditPage } from './audit.js';
import { CustomerPage } from './customer.js';
import { CustomersPage } from './customers.js';
import { DirectoryPage } from './directory.js';
import { HealthPage } from './health.js';
import { OperatorHome } from './home.js';
import { OperationPage } from './operation.js';
import { OperationsPage } from './operations.js';
import { OPERATOR } from './parts.js';
import { ReviewPage } from './review.js';
import './operator.css';

/** The back-office, with the admin token (docs/console-operator.md "Operator view"). */
export const operatorNav: NavItem[] = [
  { href: OPERATOR.customers, label: 'Customers' },
  { href: OPERATOR.review, label: 'Review queue' },
  { href: OPERATOR.accounts, label: 'All accounts' },
  { href: OPERATOR.operations, label: 'All operations' },
  { href: OPERATOR.pix, label: 'PIX keys & rates' },
  { href: OPERATOR.audit, label: 'Audit log' },
  { href: OPERATOR.health, label: 'Health' },
];

const pages: ConsoleRoute[] = [
  { path: OPERATOR.home, component: OperatorHome },
  { path: OPERATOR.customers, component: CustomersPage },
  { path: '/console/operator/customers/:customerId', component: CustomerPage },
  { path: OPERATOR.review, component: ReviewPage },
  { path: OPERATOR.accounts, component: AccountsPage },
  { path: OPERATOR.operations, component: OperationsPage },
  { path: '/console/operator/operations/:operationId', component: OperationPage },
  { path: OPERATOR.pix, component: DirectoryPage },
  { path: OPERATOR.audit, component: AuditPage },
  { path: OPERATOR.health, component: HealthPage },
];
// Each page shares one action dialog among its buttons (action-dialog.tsx).
export const operatorRoutes: ConsoleRoute[] = pages.map((route) => ({
  ...route,
  component: withActions(route.component),
}));
