/**
 * The public surface of modules/oauth/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type { AuthFailuresTable } from './auth-failures.table.js';
export { ClientStateCache } from './client-state-cache.js';
export { oauthRoutes } from './oauth.routes.js';
export { OAuthService } from './oauth.service.js';
export { TokenIssuer } from './token-issuer.js';
export { TokenVerifier } from './token-verifier.js';
