// Real models one command away, end to end: a Hugging Face-protocol mirror on loopback serves a tiny
// Optimum-layout model; the operator CLI installs it into the running product's MODELS_DIR, the workers
// pick it up without a restart, /api/models lists it with its licence, a generation runs on it; the admin
// console's API removes it on a worker, and generations fall back to the built-in.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes.mjs';
import { writeTinySdFolder } from '../../services/worker/test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { type HfMirror, startHfMirror } from '../support/hf-mirror.ts';
import { readEvents, type Stack, startStack } from '../support/stack.ts';

const run = promisify(execFile);

interface ModelItem {
  name: string;
  kind: string;
  title: string;
  default: boolean;
  builtin: boolean;
  licence: { name: string; commercial_use: boolean };
}
interface JobEvent {
  status: string;
  images: { width: number; height: number }[];
  error?: { message: string } | null;
}

describe('installing and removing a model while the product runs', () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'pictura-models-e2e-'));
  let mirror: HfMirror;
  let stack: Stack;
  let revision: string;
  let adminToken: string;

  beforeAll(async () => {
    mirror = await startHfMirror();
    const folder = await mkdtemp(join(tmpdir(), 'pictura-tiny-repo-'));
    await writeTinySdFolder(folder);
    revision = await mirror.addRepoFromFolder('pictura-test/tiny-turbo', folder, {
      license: 'apache-2.0',
    });
    rmSync(folder, { recursive: true, force: true });
    stack = await startStack({
      processes: ['auth', 'billing', 'history', 'jobs', 'worker', 'gateway'],
      env: { MODELS_DIR: modelsDir, HF_ENDPOINT: mirror.url, MODELS_WATCH_MS: '500' },
    });
    const registered = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'models-admin',
      password: 'a long admin password',
    });
    adminToken = registered.body.token;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await mirror?.close();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  const models = async () => (await stack.api<{ models: ModelItem[] }>('GET', '/api/models')).body.models;
  const generate = async () => {
    const submitted = await stack.api<{ job_id: string }>('POST', '/api/generate', undefined, {
      prompt: 'a lighthouse at dusk',
      aspect_ratio: 'landscape_16_9',
      seed: 7,
    });
    expect(submitted.status).toBe(202);
    const events = await readEvents<JobEvent>(
      `${stack.url}/api/jobs/${submitted.body.job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    return events.at(-1)!;
  };

  it('installs with the operator CLI; the running workers offer the model, as the default, with its licence', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'services/worker/src/models/models.cli.ts',
        'install',
        `hf:pictura-test/tiny-turbo@${revision}`,
      ],
      { cwd: ROOT, env: { ...process.env, MODELS_DIR: modelsDir, HF_ENDPOINT: mirror.url } },
    );
    expect(stdout).toMatch(/tiny-turbo/);
    await expect
      .poll(async () => (await models()).find((m) => m.name === 'tiny-turbo'), { timeout: 20_000 })
      .toMatchObject({
        kind: 'generate',
        title: expect.not.stringMatching(/^tiny-turbo$/),
        default: true,
        builtin: false,
        licence: { name: 'apache-2.0', commercial_use: true },
      });
    // The safety kind is listed too, even when no classifier is installed the built-ins are there.
    expect((await models()).map((m) => m.kind)).toEqual(expect.arrayContaining(['generate', 'upscale']));
  });

  it('generates on the installed model, at its native area for the aspect ratio', async () => {
    const last = await generate();
    expect(last.status).toBe('completed');
    // A Turbo model keeps 16:9 at about 512² in multiples of 64: 704×384, not the built-in's 1024×576.
    expect(last.images[0]).toMatchObject({ width: 704, height: 384 });
  });

  it('removes the model through the admin API on a worker; generations fall back to the built-in', async () => {
    const removal = await stack.api('DELETE', '/api/admin/models/tiny-turbo', adminToken);
    expect(removal.status).toBe(202);
    await expect
      .poll(async () => (await models()).some((m) => m.name === 'tiny-turbo'), { timeout: 20_000 })
      .toBe(false);
    expect((await models()).find((m) => m.kind === 'generate' && m.default)?.name).toBe('pictura-emoji');
    const last = await generate();
    expect(last.status).toBe('completed');
    expect(last.images[0]).toMatchObject({ width: 1024, height: 576 });
  });

  it('installs from the admin API with progress, and refuses a second install of the same model', async () => {
    const first = await stack.api<{ task: { state: string } }>('POST', '/api/admin/models', adminToken, {
      model: `hf:pictura-test/tiny-turbo@${revision}`,
    });
    expect(first.status).toBe(202);
    const second = await stack.api<{ error: string }>('POST', '/api/admin/models', adminToken, {
      model: `hf:pictura-test/tiny-turbo@${revision}`,
    });
    expect(second.status).toBe(409);
    await expect
      .poll(
        async () => {
          const { body } = await stack.api<{ tasks: { model: string; state: string }[] }>(
            'GET',
            '/api/admin/models',
            adminToken,
          );
          return body.tasks.find((t) => t.model.includes('tiny-turbo'))?.state;
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    await expect
      .poll(async () => (await models()).some((m) => m.name === 'tiny-turbo'), { timeout: 20_000 })
      .toBe(true);
  });
});
