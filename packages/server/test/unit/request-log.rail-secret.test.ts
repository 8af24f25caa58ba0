import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/plugins/request-log.js';

// Issue 26: the PIX rail's webhook path carries COFRE_PIX_WEBHOOK_SECRET; a log line never does.
describe('request log URLs', () => {
  it('redact the secret segment of a rail callback path', () => {
    expect(redactUrl('/rails/pix/webhook/s3cr3t-value-0123456789abcdef0123/pix')).toBe(
      '/rails/pix/webhook/[redacted]/pix',
    );
    expect(redactUrl('/rails/pix/webhook/s3cr3t?x=1')).toBe('/rails/pix/webhook/[redacted]?x=1');
  });

  it('leave other paths as sent', () => {
    expect(redactUrl('/v1/operations/op_1/webhook/x')).toBe('/v1/operations/op_1/webhook/x');
  });
});
