import type { ConsoleRoute, NavItem } from '../route.js';

/** Subscriptions, deliveries and the events feed (docs/console.md "Webhooks"). */
export const webhooksNav: NavItem[] = [];
export const webhooksRoutes: ConsoleRoute[] = [];
