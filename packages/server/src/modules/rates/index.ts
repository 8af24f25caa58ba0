/**
 * The public surface of modules/rates/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { ratesRoutes } from './rates.routes.js';
