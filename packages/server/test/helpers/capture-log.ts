import { pino, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** pino's numeric levels, for assertions that read like the config. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A real pino logger writing JSON lines into memory, and the lines parsed back. */
export function captureLog(level: 'debug' | 'info' | 'warn' = 'debug'): {
  logger: Logger;
  lines(): LogLine[];
  raw: string[];
} {
  const raw: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void raw.push(line) });
  return { logger, raw, lines: () => raw.map((line) => JSON.parse(line) as LogLine) };
}
