// With an image classifier configured, the worker asks it about every generated image, and its verdict
// reaches the client as `flagged` even for a harmless prompt.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMeanClassifier } from '../../services/worker/src/output/safety-classifier.fixture.ts';
import { readEvents, type Stack, startStack } from '../support/stack.ts';

describe('a configured image safety classifier', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pictura-safety-e2e-'));
  const path = join(dir, 'classifier.onnx');
  let stack: Stack;

  beforeAll(async () => {
    writeFileSync(path, channelMeanClassifier());
    // Class 0 scores the red channel's mean; a threshold of 0 makes every image "unsafe" to this model.
    stack = await startStack({
      processes: ['billing', 'history', 'jobs', 'worker', 'gateway'],
      env: { SAFETY_MODEL_PATH: path, SAFETY_UNSAFE_CLASSES: '0', SAFETY_THRESHOLD: '0' },
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
