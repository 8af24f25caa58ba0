/** The environment variables a configuration is read from. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A parser of one raw value: the value, or why it is refused (a string). */
export type Parse<T> = (raw: string) => T | string;

/**
 * Reads keys from the environment and collects every problem instead of stopping at the first,
 * so that loadConfig reports them all in one ConfigError and an operator fixes them in one go.
 */
export class ConfigReader {
  readonly problems: string[] = [];

  constructor(readonly env: Env) {}

  /** `key` parsed, or `fallback` when it is unset, empty, or refused (the refusal is recorded). */
  read<T>(key: string, fallback: T, parse: Parse<T>): T {
    const raw = this.env[key];
    if (raw === undefined || raw === '') return fallback;
    const parsed = parse(raw);
    if (typeof parsed === 'string' && typeof fallback !== 'string') {
      this.problem(`${key}: ${parsed}`);
      return fallback;
    }
    return parsed as T;
  }

  /** `key` as it is, or undefined when unset or empty. */
  raw(key: string): string | undefined {
    return this.env[key] || undefined;
  }

  problem(message: string): void {
    this.problems.push(message);
  }

  /** A parser of one of `values`; anything else is recorded against `key`. */
  oneOf<T extends string>(values: readonly T[], key: string): (raw: string) => T {
    return (raw) => {
      if ((values as readonly string[]).includes(raw)) return raw as T;
      this.problem(`${key}: must be one of ${values.join(', ')} (got "${raw}")`);
      return values[0]!;
    };
  }
}

/** A whole number from `min` to `max`. */
export const int =
  (min: number, max: number): Parse<number> =>
  (raw) => {
    const n = Number(raw);
    return /^\d+$/.test(raw) && n >= min && n <= max
      ? n
      : `must be a whole number from ${min} to ${max} (got "${raw}")`;
  };

/** true / 1 or false / 0. */
export const bool: Parse<boolean> = (raw) =>
  raw === 'true' || raw === '1'
    ? true
    : raw === 'false' || raw === '0'
      ? false
      : `must be true or false (got "${raw}")`;

/** Any text, as it is. */
export const text: Parse<string> = (raw) => raw;
