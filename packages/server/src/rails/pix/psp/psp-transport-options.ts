import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PixRailConfig } from '../../../config/rails-config.js';
import { withoutTrailingNewline } from '../../../lib/secret-file-text.js';
import type { PspTransportOptions } from './https-psp-transport.js';

type ReadFile = (path: string) => string;
const readText: ReadFile = (path) => readFileSync(path, 'utf8');

/**
 * The transport's options from COFRE_PIX_*'s files, read when the worker builds the rail (the
 * config only names them). Each failure throws an Error naming the variable and the file, and
 * never quoting the file's content: a mistaken path may point at any secret. The certificate
 * and key are checked to be PEM and to belong together, so a wrong pair stops the start with a
 * sentence instead of surfacing as a TLS alert on the first call.
 */
export function pspTransportOptions(
  config: PixRailConfig,
  read: ReadFile = readText,
): Omit<PspTransportOptions, 'timeoutMs' | 'clock'> {
  const clientSecret = withoutTrailingNewline(
    readVariable(read, 'COFRE_PIX_PSP_CLIENT_SECRET_FILE', config.clientSecretFile),
  );
  if (clientSecret === '')
    throw new Error(`COFRE_PIX_PSP_CLIENT_SECRET_FILE: ${config.clientSecretFile} is empty`);
  const tls: { cert?: string; key?: string; ca?: string } = {};
  if (config.certFile !== undefined && config.keyFile !== undefined) {
    tls.cert = readVariable(read, 'COFRE_PIX_PSP_CERT_FILE', config.certFile);
    tls.key = readVariable(read, 'COFRE_PIX_PSP_KEY_FILE', config.keyFile);
    checkPair(tls.cert, tls.key, config.certFile, config.keyFile);
  }
  if (config.caFile !== undefined) {
    tls.ca = readVariable(read, 'COFRE_PIX_PSP_CA_FILE', config.caFile);
    certificate('COFRE_PIX_PSP_CA_FILE', config.caFile, tls.ca);
  }
  return {
    pspUrl: config.pspUrl,
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret,
    tls: Object.keys(tls).length === 0 ? undefined : tls,
  };
}

function readVariable(read: ReadFile, variable: string, path: string): string {
  try {
    return read(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(
      `${variable}: cannot read ${path} (${typeof code === 'string' ? code : 'unreadable'})`,
    );
  }
}

function certificate(variable: string, path: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new Error(`${variable}: ${path} is not a PEM certificate`);
  }
}

function checkPair(cert: string, key: string, certFile: string, keyFile: string): void {
  const x509 = certificate('COFRE_PIX_PSP_CERT_FILE', certFile, cert);
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`COFRE_PIX_PSP_KEY_FILE: ${keyFile} is not a PEM private key (unencrypted)`);
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new Error(
      `COFRE_PIX_PSP_KEY_FILE: ${keyFile} is not the key of the certificate in ${certFile}`,
    );
  }
}
