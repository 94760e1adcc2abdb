// deploy/compose-env.mjs: the .env an operator starts Compose with. Run as the operator runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createSigningKeys } from '../../services/auth/src/signing-keys.ts';
import { parseSigningKeys } from '../../services/common/src/signing-key-set.ts';

const root = new URL('../../', import.meta.url).pathname;
const EXAMPLE = join(root, 'deploy/compose.env.example');

const composeEnv = (args: string[] = []) =>
  spawnSync(process.execPath, ['deploy/compose-env.mjs', ...args], { cwd: root, encoding: 'utf8' });

/** KEY=VALUE lines, as Compose reads them (a single-quoted value literally). */
function settingsOf(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) settings[match[1]!] = match[2]!.replace(/^'(.*)'$/, '$1');
  }
  return settings;
}

function composeCli(): string[] {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  throw new Error('No Compose CLI: apt-get install -y docker-compose (.ci/run installs it)');
}

function tempDir() {
  return mkdtempSync(join(tmpdir(), 'pictura-compose-env-'));
}

describe('deploy/compose-env.mjs', () => {
  it('fills every password with a fresh random one and sets a signing key auth accepts', async () => {
    const example = settingsOf(readFileSync(EXAMPLE, 'utf8'));
    const first = composeEnv();
    expect(first.status).toBe(0);
    const settings = settingsOf(first.stdout);
    const again = settingsOf(composeEnv().stdout);
    expect(Object.keys(settings)).toEqual(Object.keys(example));
    const passwords = Object.keys(example).filter((name) => example[name]!.startsWith('change-me'));
    expect(passwords).toContain('POSTGRES_PASSWORD');
    for (const name of passwords) {
      expect(settings[name], name).toMatch(/^[0-9a-f]{48}$/);
      expect(settings[name], name).not.toBe(again[name]);
    }
    expect(new Set(passwords.map((name) => settings[name])).size).toBe(passwords.length);

    expect(first.stdout).toMatch(/^AUTH_SIGNING_KEYS='\[\{.*\}\]'$/m);
    const keys = await createSigningKeys(parseSigningKeys(settings.AUTH_SIGNING_KEYS!));
    expect(keys.current.alg).toBe('EdDSA');
    expect(settings.AUTH_SIGNING_KEYS).not.toBe(again.AUTH_SIGNING_KEYS);
  });

  it('writes a file only its owner reads, and never over an existing one without --force', () => {
    const path = join(tempDir(), '.env');
    expect(composeEnv(['--write', path]).status).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const written = readFileSync(path, 'utf8');
    expect(settingsOf(written).AUTH_SIGNING_KEYS).toBeTruthy();

    const refused = composeEnv(['--write', path]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(path, 'utf8')).toBe(written);

    expect(composeEnv(['--write', path, '--force']).status).toBe(0);
    expect(readFileSync(path, 'utf8')).not.toBe(written);
  });

  it('Compose hands auth the key exactly as written, and refuses to start without one', () => {
    const [command, ...args] = composeCli();
    const path = join(tempDir(), '.env');
    composeEnv(['--write', path]);
    const rendered = spawnSync(command!, [...args, '--env-file', path, 'config'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(rendered.status, rendered.stderr).toBe(0);
    const auth = parse(rendered.stdout).services.auth;
    expect(auth.environment.AUTH_SIGNING_KEYS).toBe(settingsOf(readFileSync(path, 'utf8')).AUTH_SIGNING_KEYS);

    // The example as it stands (AUTH_SIGNING_KEYS empty): Compose stops and says what to do.
    const bare = join(tempDir(), '.env');
    writeFileSync(bare, readFileSync(EXAMPLE, 'utf8'));
    const refused = spawnSync(command!, [...args, '--env-file', bare, 'config'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('run deploy/compose-env.mjs or set AUTH_SIGNING_KEYS in .env');
  });
});
