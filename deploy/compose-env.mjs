#!/usr/bin/env node
// Writes the .env docker-compose.yml reads: deploy/compose.env.example with every change-me password
// replaced by a random one and AUTH_SIGNING_KEYS set to a new Ed25519 key.
//
//   node deploy/compose-env.mjs > .env
//   node deploy/compose-env.mjs --write .env [--force]    (never replaces an existing file without --force)
//
// Plain JavaScript with no dependencies on purpose: it runs on a host that has Node and the repository,
// before any `npm ci`. The key is a private JWK in a JSON array, in single quotes: one line that both
// Compose implementations read literally (a PEM would need line breaks).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const EXAMPLE = new URL('compose.env.example', import.meta.url);

/** The example with secrets filled in. */
export function composeEnv(example = readFileSync(EXAMPLE, 'utf8')) {
  const lines = example.split('\n');
  // The example's opening comment tells a person how to fill it in; this file is filled in already.
  const firstSetting = lines.findIndex((line) => line !== '' && !line.startsWith('#'));
  let signingKeys = false;
  const body = lines.slice(firstSetting).map((line) => {
    if (/^[A-Z0-9_]+=change-me/.test(line)) {
      return `${line.slice(0, line.indexOf('='))}=${randomBytes(24).toString('hex')}`;
    }
    if (line === 'AUTH_SIGNING_KEYS=') {
      signingKeys = true;
      const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
      return `AUTH_SIGNING_KEYS='${JSON.stringify([key])}'`;
    }
    return line;
  });
  if (!signingKeys) throw new Error('compose.env.example has no empty AUTH_SIGNING_KEYS= line to fill');
  const header = [
    `# Written by deploy/compose-env.mjs on ${new Date().toISOString().slice(0, 10)}: random passwords and a`,
    '# token signing key. It holds secrets: keep it private, and keep it (Postgres keeps the passwords it',
    '# was first started with, and a new signing key signs everyone out).',
  ];
  return `${[...header, ...body].join('\n')}`;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const { values } = parseArgs({ options: { write: { type: 'string' }, force: { type: 'boolean' } } });
  const text = composeEnv();
  if (values.write === undefined) {
    process.stdout.write(text);
  } else {
    try {
      writeFileSync(values.write, text, { mode: 0o600, flag: values.force ? 'w' : 'wx' });
      process.stderr.write(`wrote ${values.write}\n`);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      process.stderr.write(`${values.write} exists: it holds the passwords in use. --force replaces it.\n`);
      process.exit(1);
    }
  }
}
