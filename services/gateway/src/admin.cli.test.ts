// The operator's signing-keys commands, run as an operator runs them: a process, its stdout (the value) and
// stderr (what changed). grant-plan needs running services: test/e2e/plan-grants.e2e.test.ts; promote, demote
// and reset-password: test/e2e/account-lifecycle.e2e.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyIdOf, parseSigningKeys } from '@pictura/common/signing-key-set';
import { describe, expect, it } from 'vitest';
import { createSigningKeys } from '../../auth/src/signing-keys.ts';

const root = new URL('../../../', import.meta.url).pathname;

function admin(
  args: string[],
  signingKeys = '',
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'services/gateway/src/admin.cli.ts', ...args],
      { cwd: root, env: { ...process.env, AUTH_SIGNING_KEYS: signingKeys, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** The kids of a value, signer first, as auth will publish them. */
async function kidsOf(value: string): Promise<string[]> {
  const keys = await createSigningKeys(parseSigningKeys(value));
  return keys.jwks().keys.map((key) => key.kid!);
}

describe('npm run admin -- signing-keys', () => {
  it('new: one line auth accepts, with one new Ed25519 key, as PEM or as a private JWK', async () => {
    const pem = await admin(['signing-keys', 'new']);
    expect(pem.code).toBe(0);
    const value = pem.stdout.trim();
    expect(value).not.toContain('\n');
    const [item] = JSON.parse(value) as string[];
    expect(item).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const [key] = parseSigningKeys(value);
    expect(key?.asymmetricKeyType).toBe('ed25519');
    expect(await kidsOf(value)).toEqual([keyIdOf(key!)]);
    expect(pem.stderr).toContain(keyIdOf(key!));

    const jwk = await admin(['signing-keys', 'new', '--format', 'jwk']);
    expect(JSON.parse(jwk.stdout)).toEqual([
      expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', d: expect.any(String) }),
    ]);
    expect(await kidsOf(jwk.stdout)).toHaveLength(1);
  });

  it('rotate: a new key in front of the current ones, copied unchanged; --keep drops the oldest', async () => {
    const current = (await admin(['signing-keys', 'new'])).stdout.trim();
    const [oldKid] = await kidsOf(current);
    const rotated = await admin(['signing-keys', 'rotate'], current);
    expect(rotated.code).toBe(0);
    const items = JSON.parse(rotated.stdout) as string[];
    expect(items).toHaveLength(2);
    expect(items[1]).toBe(JSON.parse(current)[0]);
    const [newKid, keptKid] = await kidsOf(rotated.stdout);
    expect(keptKid).toBe(oldKid);
    expect(rotated.stderr).toContain(`new signing key ${newKid}`);

    const pruned = await admin(['signing-keys', 'rotate', '--keep', '1'], rotated.stdout.trim());
    const kids = await kidsOf(pruned.stdout);
    expect(kids).toHaveLength(2);
    expect(kids[1]).toBe(newKid);
    expect(pruned.stderr).toContain(`dropped (sessions they signed end): ${oldKid}`);
  });

  it('rotate --stage, then promote, reading the value from a .env file or a file holding it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pictura-keys-'));
    const first = (await admin(['signing-keys', 'new', '--format', 'jwk'])).stdout.trim();
    const [firstKid] = await kidsOf(first);
    writeFileSync(join(dir, '.env'), `REDIS_PASSWORD=x\nAUTH_SIGNING_KEYS='${first}'\nLOG_LEVEL=info\n`);
    const staged = await admin(['signing-keys', 'rotate', '--stage', '--from', join(dir, '.env')]);
    expect(staged.code).toBe(0);
    const [signer, stagedKid] = await kidsOf(staged.stdout);
    expect(signer).toBe(firstKid);
    // The new key takes the signer's format: a JWK, like the .env file's.
    expect(JSON.parse(staged.stdout)[1]).toMatchObject({ kty: 'OKP' });

    writeFileSync(join(dir, 'keys.json'), staged.stdout);
    const promoted = await admin(['signing-keys', 'promote', '--from', join(dir, 'keys.json')]);
    expect(await kidsOf(promoted.stdout)).toEqual([stagedKid, firstKid]);
  });

  it('says what is wrong without printing the keys it could not read', async () => {
    const none = await admin(['signing-keys', 'rotate']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no keys in AUTH_SIGNING_KEYS');
    const broken = await admin(['signing-keys', 'rotate'], '["-----BEGIN PRIVATE KEY-----\\nSECRETMATERIAL');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('cannot use the keys in AUTH_SIGNING_KEYS');
    expect(broken.stderr).not.toContain('SECRETMATERIAL');
    expect(broken.stdout).toBe('');
  });
});

describe('npm run admin -- promote, demote, reset-password', () => {
  // Nothing listens on port 1 of loopback.
  const nowhere = { AUTH_ADDR: '127.0.0.1:1', BILLING_ADDR: '127.0.0.1:1', GRPC_DEADLINE_MS: '1000' };

  it('says the services cannot be reached, with exit code 1', async () => {
    for (const args of [
      ['promote', 'someone'],
      ['demote', 'someone'],
      ['reset-password', 'someone'],
    ]) {
      const result = await admin(args, '', nowhere);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('cannot reach the auth service');
      expect(result.stdout).toBe('');
    }
  });

  it('never takes a password from the command line, where ps shows it', async () => {
    const result = await admin(['reset-password', 'someone', 'hunter2-password'], '', nowhere);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('use --stdin');
  });
});
