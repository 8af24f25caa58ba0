import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives every request a child logger bound to its request id. Making a pino child costs
 * a serialisation of the bindings through the redaction rules, on every request, also when the
 * request logs nothing (most do not: a success leaves one line at `info`, and nothing at all at
 * `warn`, the usual production level). This factory hands out a stand-in that makes the real
 * child on its first enabled log call; a call at a disabled level costs a level check. Lines
 * are the same as before: same bindings, same options, same redaction.
 */
export const lazyChildLogger: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as LevelAwareLogger;
  // A route-level log level, or a logger that cannot tell its levels: the real child at once.
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyChild(parent, bindings, options);
};

type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type Bindings = Parameters<ChildLoggerFactory>[1];
type Options = Parameters<ChildLoggerFactory>[2];

/**
 * The stand-in: one small object per request whose methods live on the prototype (a closure per
 * level per request cost more than the child it saved).
 */
class LazyChild {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined && this.parent.isLevelEnabled?.(level) === false) return;
    const target = this.real();
    Reflect.apply(target[level], target, args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(more: Bindings, moreOptions?: Options): FastifyBaseLogger {
    return this.real().child(more, moreOptions);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}
