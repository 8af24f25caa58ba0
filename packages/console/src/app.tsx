import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';
import type { ConsoleConfig } from './api/config.js';
import { moneyNav, moneyRoutes } from './pages/money/routes.js';
import { operatorNav, operatorRoutes } from './pages/operator/routes.js';
import { Overview } from './pages/overview.js';
import type { ConsoleRoute, NavItem } from './pages/route.js';
import { SignIn } from './pages/sign-in.js';
import { webhooksNav, webhooksRoutes } from './pages/webhooks/routes.js';
import { Button } from './ui/components.js';
import { SessionProvider, useSession } from './ui/session.js';

export function App(props: { config: ConsoleConfig }) {
  return (
    <SessionProvider config={props.config}>
      <LocationProvider scope="/console">
        <Shell />
      </LocationProvider>
    </SessionProvider>
  );
}

/** The badge every page shows: which deployment these actions reach. */
function EnvironmentBadge(props: { environment: ConsoleConfig['environment'] }) {
  return (
    <span class={`env env-${props.environment}`} title="The deployment this console talks to">
      {props.environment === 'production' ? 'PRODUCTION' : 'SANDBOX'}
    </span>
  );
}

function Nav(props: { title: string; items: NavItem[] }) {
  const { path } = useLocation();
  if (props.items.length === 0) return null;
  return (
    <div class="nav-group">
      <h2 class="nav-title">{props.title}</h2>
      <ul>
        {props.items.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
              aria-current={
                path === item.href || path.startsWith(`${item.href}/`) ? 'page' : undefined
              }
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Customer pages need a customer session; operator pages the admin token. */
function guarded(route: ConsoleRoute, needs: 'customer' | 'operator') {
  const Page = route.component;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return function Guarded(props: any) {
    const session = useSession();
    const { path } = useLocation();
    const signedIn = needs === 'customer' ? session.customer : session.operator;
    if (!signedIn) return <SignIn for={needs} />;
    // A new page for every path: the router reuses a component for the same route with other
    // parameters (one operation to the next), which would carry the last page's banners,
    // dialogs and form state over to a page they do not belong to.
    return <Page key={path} {...props} />;
  };
}

const customerRoutes = [...moneyRoutes, ...webhooksRoutes].map((r) => ({
  path: r.path,
  component: guarded(r, 'customer'),
}));
const adminRoutes = operatorRoutes.map((r) => ({
  path: r.path,
  component: guarded(r, 'operator'),
}));

function Shell() {
  const session = useSession();
  const { path } = useLocation();
  const main = useRef<HTMLElement>(null);
  // A route change moves focus to the new page's main region, as a page load would, so a
  // screen reader announces it and the keyboard starts from the top of the content.
  useEffect(() => {
    main.current?.focus();
  }, [path]);
  const { config, customer, operator } = session;
  return (
    <div class="layout">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="/console/">
          cofre <span class="muted">console</span>
        </a>
        <EnvironmentBadge environment={config.environment} />
        <div class="who">
          {customer && (
            <span class="small">
              Client <code>{customer.clientId}</code>
            </span>
          )}
          {operator && (
            <span class="small">
              Operator <code>{operator.actor}</code>
            </span>
          )}
          {(customer || operator) && (
            <Button kind="secondary" onClick={() => session.signOut()}>
              Sign out
            </Button>
          )}
        </div>
      </header>
      <nav class="sidebar" aria-label="Console">
        <ul>
          <li>
            <a href="/console/" aria-current={path === '/console/' ? 'page' : undefined}>
              Overview
            </a>
          </li>
        </ul>
        {customer || !operator ? (
          <>
            <Nav title="Money" items={moneyNav} />
            <Nav title="Webhooks" items={webhooksNav} />
          </>
        ) : (
          // An operator alone has no customer session: the customer's pages would each ask for
          // one, so the navigation offers that sign-in instead of menus that lead nowhere.
          <Nav title="Customer" items={[{ href: '/console/sign-in', label: 'Customer sign-in' }]} />
        )}
        {config.adminEnabled && (
          // The back-office's pages once an operator is signed in; until then, the way in.
          <Nav
            title="Operator"
            items={
              operator ? operatorNav : [{ href: '/console/operator', label: 'Operator sign-in' }]
            }
          />
        )}
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        <Router>
          <Route path="/console/" component={Overview} />
          <Route path="/console/sign-in" component={SignIn} />
          {customerRoutes.map((r) => (
            <Route key={r.path} path={r.path} component={r.component} />
          ))}
          {adminRoutes.map((r) => (
            <Route key={r.path} path={r.path} component={r.component} />
          ))}
          <Route default component={NotFound} />
        </Router>
      </main>
      <footer class="footer muted small">
        cofre {config.version} · times in {Intl.DateTimeFormat().resolvedOptions().timeZone} ·{' '}
        <a href="/docs">API reference</a>
      </footer>
    </div>
  );
}

function NotFound() {
  return (
    <div>
      <h1>Not found</h1>
      <p>
        This page does not exist. <a href="/console/">Back to the overview</a>.
      </p>
    </div>
  );
}
