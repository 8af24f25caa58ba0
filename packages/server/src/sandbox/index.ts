/**
 * The public surface of sandbox/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { sandboxHandlers } from './handlers.js';
export { heldForOperator, limitPriceCanFill } from './magic-values.js';
export { sandboxPixDirectory } from './sandbox-pix-directory.js';
export { sandboxSimulator } from './simulator.js';
