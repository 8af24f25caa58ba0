import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** A certificate and its private key, PEM. */
export interface PemPair {
  cert: string;
  key: string;
}

/** The PEM files a PIX rail is configured with (COFRE_PIX_PSP_CERT_FILE, _KEY_FILE, _CA_FILE). */
export interface PixCertFiles {
  caFile: string;
  clientCertFile: string;
  clientKeyFile: string;
}

/**
 * A throwaway PKI for mTLS with a fake PSP: one CA that signs the PSP's server certificate
 * (SAN 127.0.0.1 and localhost) and cofre's client certificate, as a PSP's onboarding hands an
 * integrator a certificate its API trusts. Made per test run with `selfsigned` (node:crypto can
 * verify X.509 certificates but not issue them), so no key lives in the repository and the mTLS
 * scenarios run without openssl. EC P-256: about 100 ms for all three.
 */
export interface PixCerts {
  ca: PemPair;
  server: PemPair;
  client: PemPair;
  /** Writes the client's files into `dir` (the rail reads files, never PEM text from the environment). */
  write(dir: string): PixCertFiles;
}

export async function pixCerts(commonName = 'cofre'): Promise<PixCerts> {
  // Valid from an hour ago (clock skew between the test and the TLS stack does not matter) for a day.
  const now = Date.now();
  const validity = {
    notBeforeDate: new Date(now - 3_600_000),
    notAfterDate: new Date(now + 86_400_000),
  };
  const ec = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256', ...validity } as const;
  const ca = await generate([{ name: 'commonName', value: 'cofre test PSP CA' }], {
    ...ec,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const signer = { ca: { key: ca.private, cert: ca.cert } };
  const server = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    ...ec,
    ...signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const client = await generate([{ name: 'commonName', value: commonName }], {
    ...ec,
    ...signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  const certs = {
    ca: { cert: ca.cert, key: ca.private },
    server: { cert: server.cert, key: server.private },
    client: { cert: client.cert, key: client.private },
  };
  return {
    ...certs,
    write(dir) {
      const files = {
        caFile: join(dir, 'psp-ca.pem'),
        clientCertFile: join(dir, 'client-cert.pem'),
        clientKeyFile: join(dir, 'client-key.pem'),
      };
      writeFileSync(files.caFile, certs.ca.cert);
      writeFileSync(files.clientCertFile, certs.client.cert);
      writeFileSync(files.clientKeyFile, certs.client.key, { mode: 0o600 });
      return files;
    },
  };
}
