import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * Fastify gives every request a child logger bound to its request id. Making a pino child costs
 * a serialisation of the bindings through the redaction rules, on every request, also when the
 * request logs nothing (most do not: a success leaves one line at `info`, and nothing at all at
 * `warn`, the usual production level). This factory hands out a stand-in that makes the real
 * child on its first enabled log call; a call at a disabled level costs a level check. Lines
 * are the same as before: same bindings, same options, same redaction.
 */
export const lazyChildLogger: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  // A route-level log level, or a logger that cannot tell its levels: the real child at once.
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  let child: FastifyBaseLogger | undefined;
  const real = (): FastifyBaseLogger => (child ??= logger.child(bindings, options));
  const stand: Record<string, unknown> = {
    child: (more: Record<string, unknown>, moreOptions?: object) => real().child(more, moreOptions),
  };
  Object.defineProperty(stand, 'level', {
    get: () => child?.level ?? logger.level,
    set: (level: string) => {
      real().level = level;
    },
  });
  for (const level of LEVELS) {
    stand[level] = (...args: unknown[]) => {
      if (child === undefined && parent.isLevelEnabled?.(level) === false) return;
      const target = real();
      Reflect.apply(target[level], target, args);
    };
  }
  stand.silent = () => undefined;
  return stand as unknown as FastifyBaseLogger;
};
