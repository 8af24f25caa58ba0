import type { ConsoleRoute, NavItem } from '../route.js';
import { AccountOpenPage } from './account-open-page.js';
import { AccountPage } from './account-page.js';
import { AccountsPage } from './accounts-page.js';
import { BeneficiariesPage } from './beneficiaries-page.js';
import { BeneficiaryNewPage } from './beneficiary-new-page.js';
import { BeneficiaryPage } from './beneficiary-page.js';
import { DepositPage } from './deposit-page.js';
import './money.css';
import { OperationPage } from './operation-page.js';
import { OperationsPage } from './operations-page.js';
import { OrderPage } from './order-page.js';
import { PixPaymentPage } from './pix-payment-page.js';
import { QuotePage } from './quote-page.js';
import { QuotesPage } from './quotes-page.js';
import { SwapPage } from './swap-page.js';
import { TransferPage } from './transfer-page.js';
import { WithdrawalPage } from './withdrawal-page.js';

/** Accounts, operations, beneficiaries, quotes and rates (docs/console-money.md). */
export const moneyNav: NavItem[] = [
  { href: '/console/accounts', label: 'Accounts' },
  { href: '/console/operations', label: 'Operations' },
  { href: '/console/beneficiaries', label: 'Beneficiaries' },
  { href: '/console/quotes', label: 'Quotes & rates' },
];

// The first route that matches wins: fixed paths before the ones with a parameter.
export const moneyRoutes: ConsoleRoute[] = [
  { path: '/console/accounts', component: AccountsPage },
  { path: '/console/accounts/new', component: AccountOpenPage },
  { path: '/console/accounts/:accountId', component: AccountPage },
  { path: '/console/operations', component: OperationsPage },
  { path: '/console/operations/new/deposit', component: DepositPage },
  { path: '/console/operations/new/withdrawal', component: WithdrawalPage },
  { path: '/console/operations/new/transfer', component: TransferPage },
  { path: '/console/operations/new/pix-payment', component: PixPaymentPage },
  { path: '/console/operations/new/swap', component: SwapPage },
  { path: '/console/operations/new/order', component: OrderPage },
  { path: '/console/operations/:operationId', component: OperationPage },
  { path: '/console/beneficiaries', component: BeneficiariesPage },
  { path: '/console/beneficiaries/new', component: BeneficiaryNewPage },
  { path: '/console/beneficiaries/:beneficiaryId', component: BeneficiaryPage },
  { path: '/console/quotes', component: QuotesPage },
  { path: '/console/quotes/:quoteId', component: QuotePage },
];
