import type { FastifyServerOptions } from 'fastify';
import { REDACTED_PATHS } from './app.js';
import type { Config } from './config/config.js';

/** pino options: JSON lines on stdout, secrets and tokens censored. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    base: { service: 'cofre', environment: config.environment },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
