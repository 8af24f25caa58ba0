import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { loggerOptions, resolveLogFormat } from '../../src/logger.js';

describe('COFRE_LOG_FORMAT', () => {
  it('defaults to auto', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
  });

  it('reads json, pretty and auto', () => {
    for (const format of ['json', 'pretty', 'auto'] as const) {
      expect(loadConfig({ COFRE_LOG_FORMAT: format }).logFormat).toBe(format);
    }
  });

  it('refuses any other value, naming the key and the allowed values', () => {
    expect(() => loadConfig({ COFRE_LOG_FORMAT: 'text' })).toThrow(ConfigError);
    expect(() => loadConfig({ COFRE_LOG_FORMAT: 'text' })).toThrow(
      /COFRE_LOG_FORMAT: must be one of auto, json, pretty \(got "text"\)/,
    );
  });
});

describe('the resolved log format', () => {
  const cases = [
    // [COFRE_LOG_FORMAT, COFRE_ENVIRONMENT, stdout is a terminal, expected]
    ['auto', 'sandbox', true, 'pretty'],
    ['auto', 'sandbox', false, 'json'],
    ['auto', 'production', true, 'json'],
    ['auto', 'production', false, 'json'],
    ['json', 'sandbox', true, 'json'],
    ['pretty', 'sandbox', false, 'pretty'],
    ['pretty', 'production', false, 'pretty'],
  ] as const;

  it.each(cases)('is %s in %s with a terminal=%s → %s', (format, environment, tty, expected) => {
    const config = loadConfig({ COFRE_LOG_FORMAT: format, COFRE_ENVIRONMENT: environment });
    expect(resolveLogFormat(config, tty)).toBe(expected);
  });

  it('writes JSON to stdout (no stream of its own) unless pretty', () => {
    const json = loggerOptions(loadConfig({ COFRE_LOG_FORMAT: 'json' }), true);
    expect(json).not.toHaveProperty('stream');
    const pretty = loggerOptions(loadConfig({ COFRE_LOG_FORMAT: 'pretty' }), false);
    expect(pretty).toHaveProperty('stream');
  });
});
