// The admin Models page's API on the running product: what the workers offer (every kind, with licence,
// size and settings), the catalogue, install and removal tasks queued for a worker, and the default model
// of each kind, which the jobs then carry to the worker. Installs here name a Hugging Face repository at a
// loopback mirror that accepts connections and never answers, so a worker that takes the task stays on
// its download: what this file checks is what jobs and the gateway own, whatever the worker does.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadBytes, modelCatalogue } from '@pictura/common/model-catalogue';
import { QUEUE_NAMES } from '@pictura/common/queues';
import { createRedis } from '@pictura/common/redis';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes
type Body = any;

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const INSTALL = 'hf:pictura-test/tiny-sd@0123456789abcdef0123456789abcdef01234567';

/** A Hugging Face mirror that takes every request and never answers it. */
async function startStallingMirror(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(() => {});
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the admin Models page on the running product', () => {
  let stack: Stack;
  let mirror: Awaited<ReturnType<typeof startStallingMirror>>;
  const tokens = { admin: '', member: '' };
  const modelsDir = mkdtempSync(join(tmpdir(), 'pictura-models-'));
  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<Body>(method, path, token, body);

  beforeAll(async () => {
    mirror = await startStallingMirror();
    stack = await startStack({ env: { HF_ENDPOINT: mirror.url, MODELS_DIR: modelsDir } });
    for (const name of ['admin', 'member'] as const) {
      const res = await api('POST', '/api/auth/register', undefined, {
        username: `models_${name}`,
        password: `${name} password here`,
      });
      expect(res.status).toBe(201);
      tokens[name] = res.body.token; // the first account is the administrator
    }
  }, 180_000);
  afterAll(async () => {
    // The mirror first: a worker stuck on its download then fails the task and can shut down.
    await mirror?.close();
    await stack?.stop();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('lists every kind of model publicly, in the extended shape', async () => {
    const res = await api('GET', '/api/models');
    expect(res.status).toBe(200);
    const byName = new Map(res.body.models.map((m: Body) => [m.name, m]));
    expect(byName.get('pictura-emoji')).toMatchObject({
      kind: 'generate',
      title: 'Pictura Scenes',
      builtin: true,
      default: true,
      source: 'builtin',
    });
    // Its committed files (ONNX, vocabulary, lexicon, picture library): more than the ONNX files alone, within
    // the 100 MB budget of the scenes and the library together.
    const emojiBytes = (byName.get('pictura-emoji') as Body).size_bytes as number;
    expect(emojiBytes).toBeGreaterThan(45 * 1024 * 1024);
    expect(emojiBytes).toBeLessThan(100 * 1024 * 1024);
    expect(byName.get('pictura-abstract')).toMatchObject({
      kind: 'generate',
      builtin: true,
      default: false,
      source: 'builtin',
      size_bytes: 0,
    });
    expect(byName.get('pictura-upscale-x4')).toMatchObject({ kind: 'upscale', builtin: true, default: true });
    for (const m of res.body.models) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'builtin',
          'default',
          'description',
          'installed_at',
          'kind',
          'licence',
          'ms_per_output_megapixel',
          'name',
          'settings',
          'size_bytes',
          'source',
          'title',
        ].sort(),
      );
      expect(['generate', 'upscale', 'safety']).toContain(m.kind);
      if (m.kind !== 'generate') expect(m.settings).toBeNull();
    }
  });

  it('shows the admin the installed models, the whole catalogue, no tasks and automatic defaults', async () => {
    const res = await api('GET', '/api/admin/models', tokens.admin);
    expect(res.status).toBe(200);
    const installed = res.body.installed.map((m: Body) => m.name);
    expect(installed).toEqual(expect.arrayContaining(['pictura-abstract', 'pictura-upscale-x4']));
    expect(res.body.catalogue.map((e: Body) => e.id)).toEqual(modelCatalogue().map((e) => e.id));
    for (const entry of res.body.catalogue) {
      const source = modelCatalogue().find((e) => e.id === entry.id)!;
      expect(entry).toMatchObject({
        kind: source.kind,
        title: source.title,
        licence: {
          name: source.licence.name,
          url: source.licence.url,
          commercial_use: source.licence.commercialUse,
        },
        download_bytes: downloadBytes(source),
        timing: {
          cpu: source.timing.cpu ?? null,
          gpu: source.timing.gpu ?? null,
          memory_mb: source.timing.memoryMb ?? null,
        },
      });
      if (source.kind === 'generate') {
        expect(entry.settings).toMatchObject({
          steps: source.settings!.steps,
          guidance: source.settings!.guidance,
        });
      } else {
        expect(entry.settings).toBeNull();
      }
      expect(entry.installed).toBe(installed.includes(entry.id));
    }
    expect(res.body.tasks).toEqual([]);
    expect(res.body.defaults).toEqual({ generate: '', upscale: '', safety: '' });
  });

  it('refuses every Models call to members and guests', async () => {
    const calls = [
      ['GET', '/api/admin/models', undefined],
      ['POST', '/api/admin/models', { model: INSTALL }],
      ['DELETE', '/api/admin/models/esrgan-thick-x4', undefined],
      ['PUT', '/api/admin/models/defaults', { kind: 'safety', model: 'none' }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect(await api(method, path, tokens.member, body)).toEqual({
        status: 403,
        body: { error: 'forbidden', message: 'Administrator access required' },
      });
      expect((await api(method, path, undefined, body)).status).toBe(401);
    }
    expect((await api('GET', '/api/admin/models', tokens.admin)).body.tasks).toEqual([]);
  });

  it('refuses to install a name that is in no catalogue and is no hf: repository', async () => {
    for (const model of ['no-such-model', 'hf:owner/name', 'https://huggingface.co/a/b']) {
      const res = await api('POST', '/api/admin/models', tokens.admin, { model });
      expect(res.status, model).toBe(400);
      expect(res.body.error).toBe('unknown_model');
    }
    expect((await api('POST', '/api/admin/models', tokens.admin, { model: '' })).status).toBe(400);
    expect((await api('POST', '/api/admin/models', tokens.admin, {})).status).toBe(400);
  });

  it('queues an install for a worker and refuses a second one while it runs', async () => {
    const res = await api('POST', '/api/admin/models', tokens.admin, { model: INSTALL });
    expect(res.status).toBe(202);
    expect(res.body.task).toMatchObject({
      model: INSTALL,
      action: 'install',
      state: 'waiting',
      progress: null,
      error: null,
      requested_at: expect.stringMatching(ISO_TIME),
      finished_at: null,
    });
    const listed = await api('GET', '/api/admin/models', tokens.admin);
    expect(listed.body.tasks).toHaveLength(1);
    expect(listed.body.tasks[0]).toMatchObject({ model: INSTALL, action: 'install' });
    expect(['waiting', 'active']).toContain(listed.body.tasks[0].state);

    expect(await api('POST', '/api/admin/models', tokens.admin, { model: INSTALL })).toEqual({
      status: 409,
      body: { error: 'already_running', message: 'This model is already being installed or removed' },
    });
  });

  it('refuses to remove a built-in or a model that is not installed', async () => {
    const builtin = await api('DELETE', '/api/admin/models/pictura-abstract', tokens.admin);
    expect(builtin.status).toBe(400);
    expect(builtin.body.error).toBe('builtin_model');
    const missing = await api('DELETE', '/api/admin/models/esrgan-thick-x4', tokens.admin);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
  });

  it('validates a default choice against what is offered for that kind', async () => {
    const refused: [Body, number][] = [
      [{ kind: 'upscale', model: 'no-such-model' }, 400],
      [{ kind: 'generate', model: 'none' }, 400],
      [{ kind: 'generate', model: 'pictura-upscale-x4' }, 400],
      [{ kind: 'video', model: '' }, 400],
      [{ kind: 'safety' }, 400],
      [{ model: '' }, 400],
      [{ kind: 'safety', model: 'none', extra: 1 }, 400],
    ];
    for (const [body, status] of refused) {
      expect(
        (await api('PUT', '/api/admin/models/defaults', tokens.admin, body)).status,
        JSON.stringify(body),
      ).toBe(status);
    }
    const unknown = await api('PUT', '/api/admin/models/defaults', tokens.admin, {
      kind: 'upscale',
      model: 'no-such-model',
    });
    expect(unknown.body).toEqual({ error: 'unknown_model', message: 'Unknown model: no-such-model' });
    expect((await api('GET', '/api/admin/models', tokens.admin)).body.defaults).toEqual({
      generate: '',
      upscale: '',
      safety: '',
    });

    const saved = await api('PUT', '/api/admin/models/defaults', tokens.admin, {
      kind: 'upscale',
      model: 'pictura-upscale-x4',
    });
    expect(saved).toEqual({
      status: 200,
      body: { defaults: { generate: '', upscale: 'pictura-upscale-x4', safety: '' } },
    });
  });

  it('carries the safety choice to the jobs, and keeps it when other settings change', async () => {
    const off = await api('PUT', '/api/admin/models/defaults', tokens.admin, {
      kind: 'safety',
      model: 'none',
    });
    expect(off.body.defaults.safety).toBe('none');
    // Saving the other settings leaves the Models page's choices as they are.
    const notice = await api('PUT', '/api/admin/settings', tokens.admin, { maintenance_notice: '' });
    expect(notice.status).toBe(200);
    expect((await api('GET', '/api/admin/models', tokens.admin)).body.defaults).toEqual({
      generate: '',
      upscale: 'pictura-upscale-x4',
      safety: 'none',
    });
    const models = (await api('GET', '/api/models')).body.models as Body[];
    expect(models.filter((m) => m.kind === 'safety' && m.default)).toEqual([]);

    const redis = createRedis(stack.env.REDIS_URL);
    const generate = new Queue(QUEUE_NAMES.generate, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
    try {
      const unchecked = await api('POST', '/api/generate', tokens.member, { prompt: 'a harbour at dawn' });
      expect(unchecked.status).toBe(202);
      expect((await generate.getJob(unchecked.body.job_id))?.data.safetyModel).toBe('');

      // Back to automatic: the classifier the workers mark as default, or none while they offer none.
      await api('PUT', '/api/admin/models/defaults', tokens.admin, { kind: 'safety', model: '' });
      const offered = (await api('GET', '/api/models')).body.models as Body[];
      const workersDefault = offered.find((m) => m.kind === 'safety' && m.default)?.name ?? '';
      const checked = await api('POST', '/api/generate', tokens.member, { prompt: 'a harbour at dusk' });
      expect((await generate.getJob(checked.body.job_id))?.data.safetyModel).toBe(workersDefault);
    } finally {
      await generate.close();
      await redis.quit();
    }
  });
});
