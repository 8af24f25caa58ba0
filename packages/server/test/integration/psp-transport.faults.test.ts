import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PspUnavailable } from '../../src/rails/pix/psp/api-pix.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import {
  httpsPspTransport,
  type PspTransportOptions,
} from '../../src/rails/pix/psp/https-psp-transport.js';
import type { PspTransport } from '../../src/rails/pix/psp/psp-transport.js';
import { startFakePsp, type FakePsp } from '../helpers/pix/fake-psp.js';

const TXID = '01JQ7Z8X9Y0A1B2C3D4E5F6G7H';
const HTML = '01JQ7Z8X9Y0A1B2C3D4E5F6HTM';
const ODD = '01JQ7Z8X9Y0A1B2C3D4E5F6ODD';

/** The rejection of `promise`, which must be a PspUnavailable. */
async function unavailable(promise: Promise<unknown>): Promise<PspUnavailable> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PspUnavailable);
  return error as PspUnavailable;
}

describe('the PSP transport: mTLS, token and faults', () => {
  let psp: FakePsp;
  const opened: PspTransport[] = [];
  const transport = (overrides: Partial<PspTransportOptions> = {}) => {
    const t = httpsPspTransport({ ...psp.transportOptions(), ...overrides });
    opened.push(t);
    return t;
  };
  const tokensBefore = () => psp.tokenRequests();

  beforeAll(async () => {
    // Two charges the PSP answers oddly: a proxy's HTML page, and JSON that is not a CobCompleta.
    psp = await startFakePsp({
      routes: [
        ({ path }) =>
          path.endsWith(`/cob/${HTML}`)
            ? { status: 200, text: '<html>maintenance</html>', contentType: 'text/html' }
            : undefined,
        ({ path }) =>
          path.endsWith(`/cob/${ODD}`)
            ? { status: 200, body: { txid: ODD, status: 'ATIVA', valor: { original: 12.5 } } }
            : undefined,
      ],
    });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await psp?.close();
  });

  it('refuses a client without the certificate: PspUnavailable, never an answer', async () => {
    const tls = { ca: psp.transportOptions().tls.ca };
    const error = await unavailable(apiPixClient(transport({ tls })).getCharge(TXID));
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/no answer/);
  });

  it('refuses a PSP whose server certificate chains to a CA the client does not trust', async () => {
    const { cert, key } = psp.transportOptions().tls; // no ca: the system's roots
    const error = await unavailable(
      apiPixClient(transport({ tls: { cert, key } })).getCharge(TXID),
    );
    expect(error.message).toMatch(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY|CERT/);
  });

  it('fetches a fresh token once on a 401 and the call then succeeds', async () => {
    const client = apiPixClient(transport());
    expect(await client.getCharge(TXID)).toEqual({ kind: 'not-found' });
    const before = tokensBefore();
    const callsBefore = psp.calls().length;
    psp.expireTokens();
    expect(await client.getCharge(TXID)).toEqual({ kind: 'not-found' });
    expect(psp.tokenRequests() - before).toBe(1);
    expect(
      psp
        .calls()
        .slice(callsBefore)
        .map((c) => c.status),
    ).toEqual([401, 200, 404]);
  });

  it('gives up after one refresh when the PSP keeps answering 401', async () => {
    const client = apiPixClient(transport());
    await client.getCharge(TXID);
    psp.expireTokens();
    psp.fail(1, 401); // the retry with the fresh token is answered 401 too
    const error = await unavailable(client.getCharge(TXID));
    expect(error.status).toBe(401);
  });

  it('shares one token request among concurrent first calls', async () => {
    const client = apiPixClient(transport());
    const before = tokensBefore();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.getCharge(TXID)));
    expect(answers.every((a) => a.kind === 'not-found')).toBe(true);
    expect(psp.tokenRequests() - before).toBe(1);
  });

  it('reuses the token until 60 s before it expires, then fetches another', async () => {
    let now = Date.now();
    const client = apiPixClient(transport({ clock: { now: () => now } }));
    const before = tokensBefore();
    await client.getCharge(TXID);
    now += 3_600_000 - 61_000;
    await client.getCharge(TXID);
    expect(psp.tokenRequests() - before).toBe(1);
    now += 2_000;
    await client.getCharge(TXID);
    expect(psp.tokenRequests() - before).toBe(2);
  });

  it('turns a 429 with Retry-After into PspUnavailable with retryAfterMs', async () => {
    psp.rateLimit(1, 7);
    const error = await unavailable(apiPixClient(transport()).getCharge(TXID));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7_000 });
  });

  it('turns a 503 and a 500 into PspUnavailable', async () => {
    psp.fail(2, 503);
    const client = apiPixClient(transport());
    expect(await unavailable(client.getCharge(TXID))).toMatchObject({ status: 503 });
    expect(await unavailable(client.getCharge(TXID))).toMatchObject({ status: 503 });
    psp.fail(1, 500);
    expect(await unavailable(client.getCharge(TXID))).toMatchObject({ status: 500 });
    expect(await client.getCharge(TXID)).toEqual({ kind: 'not-found' });
  });

  it('turns a PSP slower than the timeout into PspUnavailable', async () => {
    const client = apiPixClient(transport({ timeoutMs: 300 }));
    await client.getCharge(TXID); // the token first, at full speed
    psp.slow(2_000);
    try {
      const error = await unavailable(client.getCharge(TXID));
      expect(error.message).toMatch(/UND_ERR_HEADERS_TIMEOUT/);
    } finally {
      psp.slow(0);
    }
  });

  it('turns a token endpoint that fails into PspUnavailable, and never shows the secret or the token', async () => {
    psp.failTokens(1, 503);
    const failing = await unavailable(apiPixClient(transport()).getCharge(TXID));
    expect(failing.message).toMatch(/token endpoint answered 503/);
    const wrong = await unavailable(
      apiPixClient(transport({ clientSecret: 'not-the-secret' })).getCharge(TXID),
    );
    expect(wrong).toMatchObject({ status: 401 });
    expect(wrong.message).toMatch(/invalid_client/);
    for (const message of [failing.message, wrong.message]) {
      expect(message).not.toContain(psp.clientSecret);
      expect(message).not.toContain('not-the-secret');
    }
  });

  it('turns a PSP that is down into PspUnavailable, and works again when it is back', async () => {
    const client = apiPixClient(transport());
    await client.getCharge(TXID);
    await psp.down();
    try {
      const error = await unavailable(client.getCharge(TXID));
      expect(error.message).toMatch(/ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET/);
    } finally {
      await psp.up();
    }
    expect(await client.getCharge(TXID)).toEqual({ kind: 'not-found' });
  });

  it('turns a 2xx that is not JSON, or JSON that is not the contract body, into PspUnavailable', async () => {
    const client = apiPixClient(transport());
    expect((await unavailable(client.getCharge(HTML))).message).toMatch(
      /200 with a body that is not JSON/,
    );
    expect((await unavailable(client.getCharge(ODD))).message).toMatch(
      /cob\.calendario is not an object/,
    );
  });
});
