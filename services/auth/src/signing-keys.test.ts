import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSigningKeys, loadOrCreateKeyFile, parseSigningKeys } from './signing-keys.ts';

describe('signing keys', () => {
  it('generates a key once under the data folder, readable only by its owner, and reuses it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pictura-keys-')), 'auth', 'signing-key.pem');
    const first = loadOrCreateKeyFile(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = loadOrCreateKeyFile(path);
    expect(again.export({ format: 'pem', type: 'pkcs8' })).toBe(
      first.export({ format: 'pem', type: 'pkcs8' }),
    );
    expect(readFileSync(path, 'utf8')).toContain('PRIVATE KEY');
  });

  it('reads a JSON list of PEM and JWK keys, Ed25519 and P-256', async () => {
    const ed = generateKeyPairSync('ed25519').privateKey;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const value = JSON.stringify([ec.export({ format: 'pem', type: 'pkcs8' }), ed.export({ format: 'jwk' })]);
    const keys = await createSigningKeys(parseSigningKeys(value));
    expect(keys.current.alg).toBe('ES256');
    expect(keys.jwks().keys.map((k) => k.alg)).toEqual(['ES256', 'EdDSA']);
    expect(keys.jwks().keys.every((k) => !('d' in k))).toBe(true);
    expect(() => parseSigningKeys('[]')).toThrow();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    await expect(createSigningKeys(parseSigningKeys(JSON.stringify([rsa])))).rejects.toThrow(
      /Ed25519 or P-256/,
    );
  });

  it('rotates: a token signed by the old key still verifies once a new key signs in front of it', async () => {
    const old = generateKeyPairSync('ed25519').privateKey;
    const before = await createSigningKeys([old]);
    const token = await before.sign({ userId: 7, sessionId: 's', expiresAt: new Date(Date.now() + 60_000) });
    const after = await createSigningKeys([generateKeyPairSync('ed25519').privateKey, old]);
    const fresh = await after.sign({ userId: 7, sessionId: 's', expiresAt: new Date(Date.now() + 60_000) });
    expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(token).kid);
    const jwks = createLocalJWKSet(after.jwks());
    await expect(jwtVerify(token, jwks)).resolves.toBeTruthy();
    await expect(jwtVerify(fresh, jwks)).resolves.toBeTruthy();
  });
});
