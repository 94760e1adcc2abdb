// Token signing keys. The first key signs; every key verifies, so adding a new key in front and keeping the
// old one behind it rotates keys without logging anyone out. The key id (`kid`) is the JWK thumbprint.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { signingAlgorithmOf } from '@pictura/common/signing-key-set';
import { calculateJwkThumbprint, type JWK, SignJWT } from 'jose';

// The value's format, and making and rotating it, are shared with the operator's CLI.
export { parseSigningKeys } from '@pictura/common/signing-key-set';

export const TOKEN_ISSUER = 'pictura-auth';
export const TOKEN_AUDIENCE = 'pictura';

export interface SigningKey {
  kid: string;
  alg: 'EdDSA' | 'ES256';
  privateKey: KeyObject;
  publicJwk: JWK;
}

export interface SigningKeys {
  /** Signs a session token for the user: sub = user id, sid = session id. */
  sign(claims: { userId: number; sessionId: string; expiresAt: Date }): Promise<string>;
  /** {"keys": [...]} with every public key. */
  jwks(): { keys: JWK[] };
  readonly current: SigningKey;
}

async function toSigningKey(privateKey: KeyObject): Promise<SigningKey> {
  const alg = signingAlgorithmOf(privateKey);
  const exported = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(exported);
  return { kid, alg, privateKey, publicJwk: { ...exported, kid, alg, use: 'sig' } };
}

/** The key kept under DATA_DIR when none is configured: generated once, readable only by its owner. */
export function loadOrCreateKeyFile(path: string): KeyObject {
  if (existsSync(path)) return createPrivateKey(readFileSync(path, 'utf8'));
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(path, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return privateKey;
}

export async function createSigningKeys(privateKeys: KeyObject[]): Promise<SigningKeys> {
  const keys = await Promise.all(privateKeys.map(toSigningKey));
  const current = keys[0]!;
  return {
    current,
    sign({ userId, sessionId, expiresAt }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(current.privateKey);
    },
    jwks: () => ({ keys: keys.map((k) => k.publicJwk) }),
  };
}
