/**
 * The public surface of modules/quotes/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { consumeQuote } from './consume-quote.js';
export { quoteMismatch, quoteRefusal } from './quote-errors.js';
export { quoteFees } from './quote-view.js';
export { findQuote } from './quotes.repository.js';
export { quotesRoutes } from './quotes.routes.js';
export { Quote } from './quotes.schemas.js';
export type { QuoteRow, QuotesTable } from './quotes.table.js';
