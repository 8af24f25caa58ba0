// @ts-check
/**
 * The layer rules' second pass, over the runtime graph (type-only imports left out): see RUNTIME
 * in .dependency-cruiser.cjs. `npm run lint:layers` runs both passes.
 */
module.exports = require('./.dependency-cruiser.cjs').RUNTIME;
