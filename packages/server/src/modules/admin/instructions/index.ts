/** The payment instructions room of the back-office: its routes and the service they are handed. */
export { instructionsRoutes } from './instructions.routes.js';
export { InstructionsAdmin } from './instructions.service.js';
