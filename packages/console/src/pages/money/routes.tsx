import type { ConsoleRoute, NavItem } from '../route.js';

/** Accounts, operations, beneficiaries, quotes and rates (docs/console.md "Money"). */
export const moneyNav: NavItem[] = [];
export const moneyRoutes: ConsoleRoute[] = [];
