// A worker killed in the middle of a job: the job is not lost, and completes once a worker is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdStill } from '../support/hold-still.ts';
import { type Stack, startStack } from '../support/stack.ts';

interface JobBody {
  job_id: string;
  status: string;
  images: { url: string }[];
}

describe('a worker dies while a job runs', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A short lock, so the dead worker's job is noticed in seconds rather than the default 30 s.
    stack = await startStack({ env: { WORKER_LOCK_MS: '2000' } });
  }, 180_000);
  afterAll(() => stack?.stop());

  const job = async (id: string) => (await (await fetch(`${stack.url}/api/jobs/${id}`)).json()) as JobBody;

  it('completes the job exactly once after a new worker starts', async () => {
    const res = await fetch(`${stack.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'a long exposure of a river',
        aspect_ratio: 'landscape_16_9',
        count: 4,
        seed: 9,
      }),
    });
    const { job_id } = (await res.json()) as { job_id: string };
    await expect
      .poll(async () => (await job(job_id)).status, { timeout: 30_000, interval: 20 })
      .toBe('processing');

    await stack.kill('worker', 'SIGKILL');
    const reason = await holdStill(2_500, 'nothing ends or fails the job while no worker runs');
    expect((await job(job_id)).status, reason).toBe('processing');

    await stack.start('worker');
    await expect
      .poll(async () => (await job(job_id)).status, { timeout: 90_000, interval: 250 })
      .toBe('completed');
    const done = await job(job_id);
    expect(done.images).toHaveLength(4);
    for (const image of done.images) expect((await fetch(`${stack.url}${image.url}`)).status).toBe(200);
    // The jobs service applied the completion once: its counter moves only when a record changes state.
    const metrics = await (await fetch(stack.metricsUrl('jobs'))).text();
    expect(metrics).toMatch(/^jobs_finished_total\{kind="generate",status="completed"\} 1$/m);
    expect(metrics).not.toMatch(/^jobs_finished_total\{kind="generate",status="error"\}/m);
  }, 150_000);
});
