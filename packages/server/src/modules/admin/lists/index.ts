/** The lists across customers (what an operator acts on): their routes and the service. */
export { listsRoutes } from './lists.routes.js';
export { OperatorLists } from './lists.service.js';
