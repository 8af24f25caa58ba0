export { SharedRateLimiter, type SharedRateLimiterOptions } from './shared-rate-limiter.js';
