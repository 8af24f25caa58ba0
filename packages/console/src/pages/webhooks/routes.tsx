import type { ConsoleRoute, NavItem } from '../route.js';
import { EditSubscriptionPage } from './edit-subscription-page.js';
import { EventPage } from './event-page.js';
import { EventsPage } from './events-page.js';
import { LogPage } from './log-page.js';
import { NewSubscriptionPage } from './new-subscription-page.js';
import { SubscriptionPage } from './subscription-page.js';
import { SubscriptionsPage } from './subscriptions-page.js';
import './webhooks.css';

/** Subscriptions, deliveries and the events feed (docs/console-webhooks.md). */
export const webhooksNav: NavItem[] = [
  { href: '/console/webhooks', label: 'Subscriptions' },
  { href: '/console/events', label: 'Events' },
];

// The first matching route wins: `new` before `:subscriptionId`.
export const webhooksRoutes: ConsoleRoute[] = [
  { path: '/console/webhooks', component: SubscriptionsPage },
  { path: '/console/webhooks/new', component: NewSubscriptionPage },
  { path: '/console/webhooks/:subscriptionId', component: SubscriptionPage },
  { path: '/console/webhooks/:subscriptionId/edit', component: EditSubscriptionPage },
  { path: '/console/webhooks/:subscriptionId/logs/:logId', component: LogPage },
  { path: '/console/events', component: EventsPage },
  { path: '/console/events/:eventId', component: EventPage },
];
