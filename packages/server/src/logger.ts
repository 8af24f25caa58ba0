import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import pino from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Config } from './config/config.js';

/** Paths and fields whose values never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.clientSecret',
  '*.client_secret',
  '*.accessToken',
  '*.access_token',
  'clientSecret',
  'accessToken',
  '*.adminToken',
  'adminToken',
  // Subscription signing secrets (docs/webhooks.md): never in a log line.
  '*.secret',
  'secret',
  '*.previous_secret',
];

/** What the log stream is actually written as, once `auto` is decided. */
export type ResolvedLogFormat = 'json' | 'pretty';

/**
 * COFRE_LOG_FORMAT (docs/config.md): `json` and `pretty` are taken as given; `auto` is pretty
 * only for a person watching a sandbox in a terminal, and JSON everywhere else — so production,
 * and anything whose stdout is a pipe or a file (a log collector), always gets JSON lines.
 */
export function resolveLogFormat(config: Config, stdoutIsTty: boolean): ResolvedLogFormat {
  switch (config.logFormat) {
    case 'json':
    case 'pretty':
      return config.logFormat;
    case 'auto':
      return stdoutIsTty && config.environment === 'sandbox' ? 'pretty' : 'json';
  }
}

/**
 * pino options for Fastify: one line per event on stdout, secrets and tokens censored (before
 * formatting, so pretty output is censored too). Pretty output is pino-pretty used in-process and
 * synchronously, so the last lines before an exit are not lost in a transport thread.
 */
export function loggerOptions(
  config: Config,
  stdoutIsTty = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    base: { service: 'cofre', environment: config.environment },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
  if (resolveLogFormat(config, stdoutIsTty) === 'json') return options;
  return {
    ...options,
    // Colours follow the terminal (and NO_COLOR / FORCE_COLOR); the fields every line repeats
    // are left out of the human view.
    stream: loadPretty()({ sync: true, ignore: 'pid,hostname,service,environment' }),
  };
}

/**
 * pino-pretty (and its dependencies) is loaded only when the output is pretty: a JSON deployment
 * never needs it, and loading it was part of every cold start. It is CommonJS, so a synchronous
 * require keeps loggerOptions synchronous.
 */
function loadPretty(): typeof PinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
}

/** A logger with the same options, for processes without an HTTP app (the `worker` role). */
export function createLogger(config: Config): FastifyBaseLogger {
  const { stream, ...options } = loggerOptions(config) as pino.LoggerOptions & {
    stream?: pino.DestinationStream;
  };
  return stream ? pino(options, stream) : pino(options);
}
