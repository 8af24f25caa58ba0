// @ts-check
/* global __dirname */
/**
 * The server's layer rules (docs/architecture.md "Layers"), checked by dependency-cruiser over
 * src/: `npm run lint:layers`, and test/unit/architecture.layers.test.ts, which fails listing
 * every violation. Paths are relative to packages/server. Tests and benchmarks are not checked.
 *
 * A rule here is what the code should be. Where the code does not hold it yet, the exception is
 * written into the rule, as narrow as it can be, with a comment saying why and what removes it.
 */
const { readdirSync } = require('node:fs');
const path = require('node:path');

/** Folders with a public index.ts: every module, and the wings (issue 16, point 1). */
const WINGS = ['operations', 'webhooks', 'ledger', 'jobs', 'pricing', 'pix', 'sandbox', 'rails'];
const UNITS = [
  ...readdirSync(path.join(__dirname, 'src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `modules/${entry.name}`),
  ...WINGS,
];
const quote = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Outside a module or wing, only its index.ts is imported: the rest is private to it. */
const throughTheIndex = UNITS.map((unit) => ({
  name: `index-only:${unit}`,
  comment: `Outside src/${unit}/, import only src/${unit}/index.ts (its public surface).`,
  severity: 'error',
  from: {
    pathNot: [
      `^src/${quote(unit)}/`,
      // The benchmarks' internal seam (src/internals.ts, `@cofre/server/internals`) names the
      // few deep pieces bench/ drives below the API, so that no bench imports a dist/ path.
      '^src/internals\\.ts$',
      // db/database.ts imports each unit's table file itself (db-tables-from-table-files).
      '^src/db/database\\.ts$',
      // EXCEPTION (issue 16 follow-up: move COFRE_FEES parsing into config/): config parses the
      // fee schedule with pricing/fees.ts, a pure file importing only lib/; through
      // pricing/index.ts config would load all of pricing.
      ...(unit === 'pricing' ? ['^src/config/'] : []),
    ],
  },
  to: { path: `^src/${quote(unit)}/`, pathNot: `^src/${quote(unit)}/index\\.ts$` },
}));

/** `to` everything of ours except the folders (and files) named. */
const ourCodeExcept = (...allowed) => ({ path: '^src/', pathNot: allowed });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...throughTheIndex,

    // Floors: nothing below imports upward.
    {
      name: 'lib-is-a-floor',
      comment: 'lib/ (pure pieces) imports nothing of ours but lib/.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: ourCodeExcept('^src/lib/'),
    },
    {
      name: 'config-is-a-floor',
      comment: 'config/ imports only config/ and lib/.',
      severity: 'error',
      from: { path: '^src/config/' },
      // EXCEPTION, see index-only:pricing: COFRE_FEES is parsed by pricing/fees.ts.
      to: ourCodeExcept('^src/(config|lib)/', '^src/pricing/fees\\.ts$'),
    },
    {
      name: 'db-is-a-floor',
      comment: 'db/ (engines, migrations, the dialect seam) imports only db/, lib/ and config/.',
      severity: 'error',
      from: { path: '^src/db/', pathNot: '^src/db/database\\.ts$' },
      to: ourCodeExcept('^src/(db|lib|config)/'),
    },
    {
      name: 'db-tables-are-types-only',
      comment:
        "db/database.ts assembles the database's Tables type from every module's table types: " +
        'type-only imports, erased at runtime; never a runtime import.',
      severity: 'error',
      from: { path: '^src/db/database\\.ts$' },
      to: { ...ourCodeExcept('^src/(db|lib|config)/'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-tables-from-table-files',
      comment:
        "db/database.ts imports each table type from its own *.table.ts (kysely's " +
        "example/src/database.ts), never through a unit's index.ts: a type-only edge from the " +
        'floor to a whole unit would make the type graph one circle hiding its real structure.',
      severity: 'error',
      from: { path: '^src/db/database\\.ts$' },
      to: { path: '^src/', pathNot: '\\.tables?\\.ts$' },
    },
    {
      name: 'ledger-imports-db-and-lib',
      comment: 'ledger/ (postings, holds, journal, balances) imports only db/ and lib/.',
      severity: 'error',
      from: { path: '^src/ledger/' },
      to: ourCodeExcept('^src/(ledger|db|lib)/'),
    },
    {
      name: 'jobs-below-the-wings',
      comment:
        'jobs/ (the queue and the worker) imports only db/, lib/, config/ and the metrics ' +
        'registry (observability/metrics.ts); what a job does is given to it as a handler.',
      severity: 'error',
      from: { path: '^src/jobs/' },
      to: ourCodeExcept('^src/(jobs|db|lib|config)/', '^src/observability/metrics\\.ts$'),
    },
    {
      name: 'observability-is-a-floor',
      comment:
        'observability/ imports only db/, jobs/ (read-only counts), lib/ and config/: counting ' +
        'or tracing something never pulls in what is counted or traced.',
      severity: 'error',
      from: { path: '^src/observability/' },
      to: ourCodeExcept('^src/(observability|db|jobs|lib|config)/'),
    },
    {
      name: 'pricing-is-pure',
      comment: 'pricing/ (rates and fees, no HTTP) imports only lib/ and db/ (stored rates).',
      severity: 'error',
      from: { path: '^src/pricing/' },
      to: ourCodeExcept('^src/(pricing|lib|db)/'),
    },
    {
      name: 'pix-is-pure',
      comment: 'pix/ (BR Code, end-to-end ids, funding keys) imports only lib/.',
      severity: 'error',
      from: { path: '^src/pix/' },
      to: ourCodeExcept('^src/(pix|lib)/'),
    },
    {
      name: 'plugins-are-cross-cutting',
      comment:
        'plugins/ (Fastify plugins) imports only db/, lib/, config/ and observability/; what a ' +
        'plugin needs from a module or wing is passed in by app.ts.',
      severity: 'error',
      from: { path: '^src/plugins/' },
      to: ourCodeExcept('^src/(plugins|db|lib|config|observability)/'),
    },
    {
      name: 'webhooks-wing',
      comment:
        'webhooks/ imports modules/idempotency, jobs/, db/, lib/, config/, observability/ and ' +
        'plugins/; never another module, the operations wing or the ledger (they record events ' +
        'through webhooks/index.ts, not the reverse).',
      severity: 'error',
      from: { path: '^src/webhooks/' },
      to: ourCodeExcept(
        '^src/(webhooks|jobs|db|lib|config|observability|plugins)/',
        '^src/modules/idempotency/',
      ),
    },
    {
      name: 'sandbox-behind-ports',
      comment:
        'Nothing imports sandbox/ but the composition (app.ts, worker.ts, environment-parts.ts): ' +
        'modules and wings declare ports and never know the simulator (chosen once at start-up).',
      severity: 'error',
      from: { pathNot: ['^src/sandbox/', '^src/(app|worker|environment-parts)\\.ts$'] },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'rails-behind-the-composition',
      comment:
        'Nothing imports rails/ but the composition (app.ts, main.ts, worker.ts, ' +
        'environment-parts.ts, index.ts), the table registry (types) and the back-office room ' +
        'that shows the rails to operators (modules/admin/rails/, admin-services.ts): modules ' +
        'and wings settle through ports (schedulers, FundingSource, OperatorGuard) and never ' +
        'know which rail serves them (docs/rails.md).',
      severity: 'error',
      from: {
        pathNot: [
          '^src/rails/',
          '^src/(app|main|worker|environment-parts|index)\\.ts$',
          '^src/db/database\\.ts$',
          '^src/modules/admin/rails/',
          '^src/modules/admin/admin-services\\.ts$',
        ],
      },
      to: { path: '^src/rails/' },
    },
    {
      name: 'rails-wing',
      comment:
        'rails/ settles operations through the operations wing (its index), the ledger, the job ' +
        'queue, the pix wing (BR Codes, keys) and the floors; never through a module, a route or ' +
        'the webhooks wing directly.',
      severity: 'error',
      from: { path: '^src/rails/' },
      to: {
        path: '^src/',
        pathNot: ['^src/(rails|operations|ledger|jobs|db|lib|config|observability|pix)/'],
      },
    },
    {
      name: 'entry-points-are-on-top',
      comment:
        'Nothing in a folder imports a top-level file (app.ts, main.ts, worker.ts, ' +
        'environment-parts.ts, shutdown.ts, logger.ts, index.ts): they compose the layers below.',
      severity: 'error',
      from: { path: '^src/.+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'app-main-worker-from-the-top-only',
      comment:
        'app.ts, main.ts and worker.ts are imported only by index.ts (the package surface), ' +
        'main.ts (starts the roles) and shutdown.ts (the worker, for its type).',
      severity: 'error',
      from: { pathNot: '^src/(index|main|shutdown)\\.ts$' },
      to: { path: '^src/(app|main|worker)\\.ts$' },
    },
    {
      name: 'routes-are-composed-by-app',
      comment:
        "A *.routes.ts is imported only by its unit's index.ts (then by app.ts): a service, a " +
        'repository or another module never registers routes. A rail (src/rails/<rail>/<rail>-rail.ts) ' +
        'hands its callback routes (a PSP webhook) to app.ts through Rail.routes.',
      severity: 'error',
      from: { pathNot: ['(^|/)index\\.ts$', '^src/rails/[^/]+/[^/]+-rail\\.ts$'] },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'lifecycle-table-is-kind-files',
      comment:
        "The lifecycle-only table (operations/kinds/lifecycles.ts) imports only the kinds' " +
        '<kind>/<kind>.ts files (and their common type): the lifecycle and the view read it, so ' +
        'it must never reach a request, the pipeline or the registry (issue 24: registry → ' +
        'kinds → lifecycle → registry, 13 files in a runtime cycle).',
      severity: 'error',
      from: { path: '^src/operations/kinds/lifecycles\\.ts$' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/operations/kinds/([a-z-]+)/\\1\\.ts$',
          '^src/operations/kinds/operation-kind\\.ts$',
        ],
      },
    },
    {
      name: 'lifecycle-reads-no-registry',
      comment:
        'The lifecycle, the view and what they import read the kinds through the lifecycle-only ' +
        'table (kinds/lifecycles.ts), never through kinds/registry.ts, which imports every ' +
        "kind's request: only the routes, the worker's job handlers and the composition read it.",
      severity: 'error',
      from: {
        path: [
          '^src/operations/lifecycle/(operations\\.lifecycle|settlement-step)\\.ts$',
          '^src/operations/operation-view\\.ts$',
          '^src/operations/kinds/([a-z-]+)/\\1\\.ts$',
          '^src/operations/pipeline/',
        ],
      },
      to: { path: '^src/operations/kinds/(registry|[a-z-]+/index)\\.ts$' },
    },
    {
      name: 'no-cross-module-repository',
      comment:
        'A *.repository.ts is imported only from its own module or wing: modules meet through ' +
        "each other's index.ts, never each other's repositories.",
      severity: 'error',
      from: { path: '^src/(modules/[^/]+|[^/]+)/' },
      to: { path: '\\.repository\\.ts$', pathNot: '^src/$1/' },
    },
    {
      name: 'repositories-know-no-http',
      comment:
        'Repositories and services never import Fastify, a plugin or a route: a request flows ' +
        'routes → services → repositories / ledger, never back.',
      severity: 'error',
      from: { path: '\\.(repository|service|lifecycle)\\.ts$' },
      to: { path: ['node_modules/(fastify|@fastify/)', '^src/plugins/', '\\.routes\\.ts$'] },
    },
    {
      name: 'services-below-routes',
      comment: 'A repository never imports a service (services own the transaction).',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|lifecycle)\\.ts$' },
    },
    {
      name: 'no-tests-or-builds-in-src',
      comment: 'src/ never imports test/, bench/ or a dist/ build.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '(^|/)(test|bench|dist)/', pathNot: 'node_modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(test|bench)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
// The units (modules and wings), for test/unit/architecture.layers.test.ts, which also checks
// that no two of them import each other in a cycle (a rule dependency-cruiser cannot scope).
Object.defineProperty(module.exports, 'UNITS', { value: UNITS, enumerable: false });

/**
 * The runtime graph, cruised a second time (.dependency-cruiser.runtime.cjs; the test runs both):
 * src/ with type-only imports left out (`tsPreCompilationDeps: false`: what node loads).
 * dependency-cruiser records one cycle per edge, found through any import, and a rule's `viaOnly`
 * judges that one cycle only: with type-only imports in the graph, a runtime cycle whose recorded
 * cycle runs through a type-only hop is not reported (issue 24: 13 files, unseen, because
 * db/database.ts reached every unit's index.ts). Without them, every cycle found is a runtime one.
 */
const RUNTIME = {
  forbidden: [
    {
      name: 'no-runtime-cycles',
      comment:
        'No cycle of runtime imports anywhere in src/: ES modules in a cycle may read a binding ' +
        'before it is initialised (a TypeBox schema built at load time, a kind registered in a ' +
        'table). Type-only imports are erased (verbatimModuleSyntax) and are not in this graph.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: { ...module.exports.options, tsPreCompilationDeps: false },
};
Object.defineProperty(module.exports, 'RUNTIME', { value: RUNTIME, enumerable: false });
