/**
 * The public surface of modules/console/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { consoleRoutes, CONSOLE_CSP, type ConsoleRouteOptions } from './console.routes.js';
export { consoleAssetsDir } from './console-assets.js';
