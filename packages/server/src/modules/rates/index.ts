/**
 * The public surface of modules/rates/: code outside src/modules/rates/ imports only this file (the layer
 * rules, packages/server/.dependency-cruiser.cjs, checked by test/unit/architecture.layers.test.ts).
 */
export { ratesRoutes } from './rates.routes.js';
