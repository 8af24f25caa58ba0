import type { ComponentType } from 'preact';

/**
 * One page of the console. Each area (money, webhooks, operator) lists its pages in its own
 * routes.tsx; app.tsx mounts them all. Paths are absolute (they start with /console/) and may
 * have `:param` segments, which reach the component as props.
 */
export interface ConsoleRoute {
  path: string;
  // Page components take their path parameters as string props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
}

/** A link in the side navigation. */
export interface NavItem {
  href: string;
  label: string;
}
