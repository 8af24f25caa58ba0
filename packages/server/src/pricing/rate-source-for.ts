import type { Environment } from '../config/environment.js';
import type { RateSource } from './rate-source.js';
import { sandboxRates } from './sandbox-rates.js';
import { storedRates } from './stored-rates.js';

/** The sandbox's deterministic curves, or production's back-office prices. */
export const rateSourceFor = (environment: Environment): RateSource =>
  environment === 'sandbox' ? sandboxRates : storedRates;
