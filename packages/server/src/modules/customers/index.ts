/**
 * The public surface of modules/customers/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { clientMachine } from './client-states.js';
export {
  BOUND_CLIENT_CEILING,
  clientRestrictions,
  normaliseCidr,
  permissionsColumn,
} from './client-restrictions.js';
export type { ClientRestrictions } from './client-restrictions.js';
export {
  countApiClients,
  findApiClient,
  findClientState,
  updateClientSettings,
  updateClientStatus,
} from './customers.repository.js';
export type { ClientSettings } from './customers.repository.js';
export {
  createCustomerWithClient,
  insertCustomerWithClient,
  issueApiClient,
  rotateClientSecret,
} from './customers.service.js';
export type { IssuedCredentials } from './customers.service.js';
export { CLIENT_STATUSES } from './customers.table.js';
export type { ApiClientsTable, ClientStatus, Customer, CustomersTable } from './customers.table.js';
