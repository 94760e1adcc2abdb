// The production build end to end: every process started from its compiled JavaScript
// (`node --conditions=pictura-dist services/<name>/dist/main.js`, as the images run it), built first
// when dist/ is missing or older than the sources, and refusing to load any TypeScript or tsx.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PublicJobBody as JobBody } from '@pictura/common/job-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSize, readEvents, type Stack, startStack } from '../support/stack.ts';

describe('the compiled stack', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      compiled: true,
      env: { NODE_OPTIONS: '--import=./test/support/no-typescript.mjs' },
    });
  }, 180_000);
  afterAll(() => stack?.stop());

  it('generates an image through every process, on inference threads, without TypeScript', async () => {
    const res = await fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a red fox', seed: 5 }),
    });
    expect(res.status).toBe(202);
    const { job_id } = (await res.json()) as { job_id: string };
    const events = await readEvents<JobBody>(
      `${stack.url}/api/jobs/${job_id}/events`,
      (e) => e.status === 'completed' || e.status === 'error',
    );
    const job = events.at(-1)!;
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.images[0]!.subject).toMatchObject({ found: true, name: expect.stringMatching(/fox/) });
    const file = await fetch(`${stack.url}${job.images[0]!.url}`);
    expect(pngSize(new Uint8Array(await file.arrayBuffer()))).toEqual({ width: 512, height: 512 });
    // The hook throws on a TypeScript import; a process that swallowed the error would still log it.
    for (const name of ['auth', 'billing', 'community', 'history', 'jobs', 'worker', 'gateway'])
      expect(stack.logs(name).join('\n'), name).not.toMatch(/compiled code loaded/);
  });

  it('runs the CLIs the images run: the models CLI with its catalogue, the admin console', async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), 'pictura-compiled-models-'));
    try {
      const models = await cli('services/worker/dist/models/models.cli.js', ['list'], {
        MODELS_DIR: modelsDir,
      });
      // The catalogue is a JSON file the code reads beside itself: the build copies it into dist/.
      expect(models).toMatch(/nsfw-mobilenet-v2\s+safety/);
      expect(models).toMatch(/sd-turbo/);
    } finally {
      rmSync(modelsDir, { recursive: true, force: true });
    }
    const keys = JSON.parse(
      await cli('services/gateway/dist/admin.cli.js', ['signing-keys', 'new']),
    ) as string[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain('BEGIN PRIVATE KEY');
  });
});

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

async function cli(file: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import=./test/support/no-typescript.mjs', '--conditions=pictura-dist', file, ...args],
    { cwd: root, env: { ...process.env, ...env } },
  );
  return stdout;
}
