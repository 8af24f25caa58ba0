import type { ConsoleRoute, NavItem } from '../route.js';

/** The back-office, with the admin token (docs/console.md "Operator view"). */
export const operatorNav: NavItem[] = [];
export const operatorRoutes: ConsoleRoute[] = [];
