/** The PIX key directory room of the back-office: its routes and the service they are handed. */
export { pixKeysRoutes } from './pix-keys.routes.js';
export { PixKeysAdmin } from './pix-keys.service.js';
