import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceDatabase } from '@pictura/common/database';
import {
  keyIdOf,
  newSigningKeys,
  promoteSigningKey,
  rotateSigningKeys,
} from '@pictura/common/signing-key-set';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveAuth } from '../../../test/support/auth-service.ts';
import { openTestDatabase } from '../../../test/support/databases.ts';
import { createTokenVerifier } from '../../gateway/src/auth/token-verifier.ts';
import { schema } from './db/schema.ts';
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

  it('names each key by the kid auth publishes for it', async () => {
    const ed = generateKeyPairSync('ed25519').privateKey;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const keys = await createSigningKeys([ed, ec]);
    expect(keys.jwks().keys.map((key) => key.kid)).toEqual([keyIdOf(ed), keyIdOf(ec)]);
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

describe('rotating AUTH_SIGNING_KEYS', () => {
  // Auth replicas over one database, each started with the value the operator gave it, and the gateway's
  // own token verifier asking them for the public keys.
  let database: ServiceDatabase<typeof schema>;
  const password = 'a long enough password';
  const clientIp = '127.0.0.1';

  beforeAll(async () => {
    database = await openTestDatabase('pglite', {
      service: 'auth',
      schema,
      migrationsFolder: new URL('../migrations', import.meta.url).pathname,
    });
  });
  afterAll(() => database.close());

  async function startAuth(value: string) {
    return serveAuth(database.db, await createSigningKeys(parseSigningKeys(value)), {
      accounts: { maxRegistrationsPerIp: 100 },
    });
  }
  type Replica = Awaited<ReturnType<typeof startAuth>>;

  /** The gateway's verifier. It refetches on an unknown kid at most once a second; here at once. */
  function gatewayVerifier(replica: () => Replica) {
    return createTokenVerifier({
      fetchKeys: async () => JSON.parse((await replica().client.getPublicKeys({})).jwksJson),
      minRefreshMs: 0,
    });
  }

  it('logs nobody out: old tokens still verify after the restart, new ones carry the new kid, and dropping the old key ends them', async () => {
    const first = newSigningKeys();
    let replica = await startAuth(first.value);
    const verifier = gatewayVerifier(() => replica);
    const before = await replica.client.register({ username: 'rotating', password, clientIp });
    expect(decodeProtectedHeader(before.token).kid).toBe(first.kid);
    expect(await verifier.verify(before.token)).toMatchObject({ sessionId: before.sessionId });

    // The operator rotates and auth restarts with [new, old].
    const rotation = rotateSigningKeys(first.value);
    expect(rotation.kept).toEqual([first.kid]);
    await replica.stop();
    replica = await startAuth(rotation.value);
    const after = await replica.client.login({ username: 'rotating', password, clientIp });
    expect(decodeProtectedHeader(after.token).kid).toBe(rotation.added);
    expect(await verifier.verify(after.token)).toMatchObject({ sessionId: after.sessionId });
    expect(await verifier.verify(before.token)).toMatchObject({ sessionId: before.sessionId });
    expect((await replica.client.checkSession({ sessionId: before.sessionId })).active).toBe(true);

    // Once the sessions the old key signed have expired, the next rotation leaves it out (--keep 1).
    const next = rotateSigningKeys(rotation.value, { keep: 1 });
    expect(next.dropped).toEqual([first.kid]);
    await replica.stop();
    replica = await startAuth(next.value);
    await verifier.refresh(); // what the gateway does every 5 minutes
    await expect(verifier.verify(before.token)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await verifier.verify(after.token)).toMatchObject({ sessionId: after.sessionId });
    verifier.close();
    await replica.stop();
  });

  it('with several replicas, a staged key is known to every replica before any signs with it', async () => {
    const first = newSigningKeys();
    const staged = rotateSigningKeys(first.value, { stage: true });
    const promoted = promoteSigningKey(staged.value);
    expect(promoted).toMatchObject({ signer: staged.added, previous: first.kid });
    const a = await startAuth(first.value);
    const b = await startAuth(first.value);
    const replicas: Record<string, Replica> = { a, b };
    await a.client.register({ username: 'staging', password, clientIp });

    /** Signs in on replica a; the gateway verifies it whichever replica gave it the public keys. */
    async function signInOnAVerifiedByEach() {
      const signIn = await replicas.a!.client.login({ username: 'staging', password, clientIp });
      for (const name of ['a', 'b']) {
        const verifier = gatewayVerifier(() => replicas[name]!);
        expect(await verifier.verify(signIn.token), `keys from ${name}`).toMatchObject({
          userId: signIn.user!.id,
        });
        verifier.close();
      }
      return decodeProtectedHeader(signIn.token).kid;
    }

    // Rolling restart with the staged value: a restarted, b not yet. Both still sign with the old key.
    await replicas.a!.stop();
    replicas.a = await startAuth(staged.value);
    expect(await signInOnAVerifiedByEach()).toBe(first.kid);
    await replicas.b!.stop();
    replicas.b = await startAuth(staged.value);

    // Rolling restart with the promoted value: a signs with the new key while b still runs the staged one.
    await replicas.a!.stop();
    replicas.a = await startAuth(promoted.value);
    expect(await signInOnAVerifiedByEach()).toBe(staged.added);
    await Promise.all(Object.values(replicas).map((replica) => replica.stop()));
  });
});
