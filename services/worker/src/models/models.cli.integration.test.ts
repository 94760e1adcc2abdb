// `npm run models` as an operator runs it, against the loopback Hugging Face mirror: install by hf: spec
// with plain progress lines (not a TTY), list, remove, and a one-line reason with a non-zero exit code.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HfMirror, startHfMirror } from '../../../../test/support/hf-mirror.ts';
import { writeTinySdFolder } from '../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { listInstalled } from './installer/model-installer.ts';

const CLI = new URL('./models.cli.ts', import.meta.url).pathname;
let mirror: HfMirror;
let work: string;
let modelsDir: string;

function models(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, MODELS_DIR: modelsDir, HF_ENDPOINT: mirror.url, PICTURA_MODELS: 'none' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  mirror = await startHfMirror();
  work = await mkdtemp(join(tmpdir(), 'models-cli-'));
  modelsDir = join(work, 'models');
  await writeTinySdFolder(join(work, 'source'));
  await mirror.addRepoFromFolder('test-org/tiny-sd', join(work, 'source'), { license: 'apache-2.0' });
});

afterAll(async () => {
  await mirror.close();
  await rm(work, { recursive: true, force: true });
});

describe('npm run models', () => {
  it('installs from the mirror, lists and removes', async () => {
    const install = await models('install', 'hf:test-org/tiny-sd@main', '--as', 'tiny');
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    expect(install.stdout).toMatch(/hf:test-org\/tiny-sd@main: +\d+%/);
    expect(install.stdout).toContain(`installed tiny (Tiny Sd) into ${modelsDir}/tiny`);
    expect((await listInstalled(modelsDir)).map((m) => m.id)).toEqual(['tiny']);

    const list = await models('list');
    expect(list.stdout).toMatch(/sd-turbo +generate .*sai-nc-community +no/);
    expect(list.stdout).toMatch(/tiny +generate .*apache-2.0, commercial use yes/);

    const again = await models('install', 'hf:test-org/tiny-sd@main', '--as', 'tiny', '--missing');
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('already installed');

    expect(await models('remove', 'tiny')).toMatchObject({ code: 0, stdout: 'removed tiny\n' });
    expect(await listInstalled(modelsDir)).toEqual([]);
  });

  it('fails with one line and a non-zero exit code, or warns with --keep-going', async () => {
    const missing = await models('install', 'hf:test-org/missing@main');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error: hf:test-org/missing@main: not found (404)\n');
    const kept = await models('install', 'hf:test-org/missing@main', '--keep-going');
    expect(kept.code).toBe(0);
    expect(kept.stderr).toMatch(/^warning: not installed: hf:test-org\/missing@main: not found \(404\)/);
    expect((await models('remove', 'nothing-here')).stderr).toBe(
      'error: model "nothing-here" is not installed\n',
    );
  });
});
