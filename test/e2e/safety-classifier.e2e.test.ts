// With an image classifier configured, the worker asks it about every generated image, and its verdict
// reaches the client as `flagged` even for a harmless prompt: an operator's own (SAFETY_MODEL_PATH), and an
// installed safety model (MODELS_DIR/<id>/pictura.json, as the installer writes nsfwjs's), which checks
// upscales too and whose verdict blurs the picture in the community gallery. The built-in abstract-art model
// is not checked: it cannot draw a person, and a photo classifier's verdicts on its colour fields are noise.
// The generations checked here run on a tiny Stable Diffusion folder in MODELS_DIR.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alwaysPornClassifier,
  channelMeanClassifier,
  NSFWJS_CLASSES,
} from '../../services/worker/test/output/safety-classifier.fixture.ts';
import { writeTinySdFolder } from '../../services/worker/test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import { launchBrowser, openApp } from '../support/browser.ts';
import { readEvents, type Stack, startStack } from '../support/stack.ts';

describe('a configured image safety classifier', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pictura-safety-e2e-'));
  const path = join(dir, 'classifier.onnx');
  let stack: Stack;

  beforeAll(async () => {
    writeFileSync(path, channelMeanClassifier());
    await writeTinySdFolder(join(dir, 'models', 'tiny-turbo'));
    // Class 0 scores the red channel's mean; a threshold of 0 makes every image "unsafe" to this model.
    stack = await startStack({
      processes: ['billing', 'history', 'jobs', 'worker', 'gateway'],
      env: {
        SAFETY_MODEL_PATH: path,
        SAFETY_UNSAFE_CLASSES: '0',
        SAFETY_THRESHOLD: '0',
        MODELS_DIR: join(dir, 'models'),
      },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('flags what the classifier flags', async () => {
    const res = await fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a quiet meadow with daisies', seed: 4 }),
    });
    const { job_id } = (await res.json()) as { job_id: string };
    const events = await readEvents<{ status: string; images: { flagged: boolean }[] }>(
      `${stack.url}/api/jobs/${job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    expect(events.at(-1)).toMatchObject({ status: 'completed', images: [{ flagged: true }] });
  });

  it('stops the worker at boot when the configured classifier cannot load', async () => {
    writeFileSync(join(dir, 'broken.onnx'), 'not a model');
    await expect(
      startStack({
        processes: ['worker'],
        database: 'pglite',
        env: { SAFETY_MODEL_PATH: join(dir, 'broken.onnx') },
      }),
    ).rejects.toThrow(/worker exited/);
  }, 120_000);
});

describe('an installed safety model (the default image check)', () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'pictura-safety-models-'));
  let stack: Stack;

  beforeAll(async () => {
    await writeTinySdFolder(join(modelsDir, 'tiny-turbo'));
    // What the installer leaves for nsfwjs's classifier, with a test model that always answers "porn".
    mkdirSync(join(modelsDir, 'always-porn'));
    writeFileSync(join(modelsDir, 'always-porn', 'model.onnx'), alwaysPornClassifier());
    writeFileSync(
      join(modelsDir, 'always-porn', 'pictura.json'),
      JSON.stringify({
        id: 'always-porn',
        kind: 'safety',
        title: 'Always porn (test)',
        licence: { name: 'MIT', url: 'https://opensource.org/license/mit', commercialUse: true },
        safety: {
          classes: NSFWJS_CLASSES,
          unsafe: ['hentai', 'porn', 'sexy'],
          threshold: 0.5,
          inputSize: 224,
        },
        installedAt: new Date().toISOString(),
      }),
    );
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'worker', 'gateway'],
      env: { MODELS_DIR: modelsDir },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('is listed as the default safety model, and flags generations, upscales and their gallery posts', async () => {
    const { body: listed } = await stack.api<{ models: { name: string; kind: string; default: boolean }[] }>(
      'GET',
      '/api/models',
    );
    expect(listed.models).toContainEqual(
      expect.objectContaining({ name: 'always-porn', kind: 'safety', default: true }),
    );

    const { body: user } = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'safety-user',
      password: 'safety user password',
    });
    const submitted = await stack.api<{ job_id: string }>('POST', '/api/generate', user.token, {
      prompt: 'a quiet meadow with daisies',
      seed: 3,
    });
    const job = () =>
      stack.api<{ status: string; images: { flagged: boolean }[] }>(
        'GET',
        `/api/jobs/${submitted.body.job_id}`,
        user.token,
      );
    await expect.poll(async () => (await job()).body.status, { timeout: 30_000 }).toBe('completed');
    expect((await job()).body.images).toEqual([expect.objectContaining({ flagged: true })]);

    // The abstract demo model's colour fields are not put to the photo classifier.
    const abstract = await stack.api<{ job_id: string }>('POST', '/api/generate', undefined, {
      prompt: 'a quiet meadow with daisies',
      model: 'pictura-abstract',
      seed: 3,
    });
    const abstractJob = () =>
      stack.api<{ status: string; images: { flagged: boolean }[] }>(
        'GET',
        `/api/jobs/${abstract.body.job_id}`,
      );
    await expect.poll(async () => (await abstractJob()).body.status, { timeout: 30_000 }).toBe('completed');
    expect((await abstractJob()).body.images).toEqual([expect.objectContaining({ flagged: false })]);

    // An upscale is checked the same way.
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#88aa44' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'field.png');
    const uploaded = (await (
      await fetch(`${stack.url}/api/upload/image`, { method: 'POST', body: form })
    ).json()) as {
      imageUrl: string;
    };
    const upscaled = (await (
      await fetch(`${stack.url}/api/upload/upscale`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: uploaded.imageUrl }),
      })
    ).json()) as { success: boolean; job_id: string };
    expect(upscaled.success).toBe(true);
    const upscaleJob = await stack.api<{ images: { flagged: boolean }[] }>(
      'GET',
      `/api/jobs/${upscaled.job_id}`,
    );
    expect(upscaleJob.body.images[0]!.flagged).toBe(true);

    // Published, the flagged picture stays behind its notice in the gallery until someone chooses to see it.
    let itemId = '';
    await expect
      .poll(async () => {
        const page = await stack.api<{ items: { id: string }[] }>(
          'GET',
          '/api/history?type=generated',
          user.token,
        );
        itemId = page.body.items[0]?.id ?? '';
        return itemId;
      })
      .not.toBe('');
    const post = await stack.api('POST', '/api/community/posts', user.token, {
      history_id: itemId,
      title: 'Meadow',
      tags: ['meadow'],
      agree: true,
    });
    expect(post.status).toBe(201);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await openApp(page, `${stack.url}/en/community`);
      const card = page.locator('.flag-cover').first();
      await card.waitFor();
      await card.getByRole('button').click();
      await expect.poll(() => page.locator('.flag-cover').count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
