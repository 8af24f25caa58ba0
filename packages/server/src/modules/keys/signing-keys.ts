import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { findKeyMaterial, insertKeyIfAbsent } from './signing-keys.repository.js';

/** Keys that sign what the service hands out: access tokens and page cursors. */
export interface Keys {
  token: TokenKey;
  cursorKey: Buffer;
}

export interface TokenKey {
  /** Pinned algorithm (RFC 8037); verifiers accept nothing else. */
  alg: 'EdDSA';
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

/**
 * Loads the signing keys, creating and persisting them on first start so restarts and several
 * processes on one database agree. Keys given in config win (production may bring its own).
 * Keys are per environment: a sandbox token never verifies in production and the reverse.
 */
export async function loadKeys(db: Db, config: Config, now: number): Promise<Keys> {
  const env = config.environment;
  const tokenPem =
    config.tokens.signingKeyPem ??
    (await loadOrCreate(db, `token:${env}`, now, () =>
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ));
  const cursorSecret =
    config.cursorSecret ??
    (await loadOrCreate(db, `cursor:${env}`, now, () => randomBytes(32).toString('base64url')));
  return { token: await tokenKeyFromPem(tokenPem), cursorKey: Buffer.from(cursorSecret, 'utf8') };
}

export async function tokenKeyFromPem(pem: string): Promise<TokenKey> {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The token signing key must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return {
    alg: 'EdDSA',
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' },
  };
}

async function loadOrCreate(
  db: Db,
  name: string,
  now: number,
  create: () => string,
): Promise<string> {
  const existing = await findKeyMaterial(db, name);
  if (existing !== undefined) return existing;
  // Two processes starting together may both get here; the first insert wins and both read it.
  await insertKeyIfAbsent(db, name, create(), now);
  const material = await findKeyMaterial(db, name);
  if (material === undefined) throw new Error(`signing key ${name} could not be stored`);
  return material;
}
