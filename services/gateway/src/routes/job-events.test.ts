import { describe, expect, it } from 'vitest';
import type { JobBody } from './generate.schemas.ts';
import { FINAL_EVENT_ID, hasEverything, jobEventFrame, jobEventId, lastEventIdOf } from './job-events.ts';

const job = (over: Partial<JobBody>): JobBody => ({
  job_id: '6f1c1a3e-6c53-4a53-9a5e-2d2b6c7b9a10',
  status: 'waiting',
  position: 3,
  progress: 0,
  images: [],
  error: null,
  ...over,
});

describe('job event ids', () => {
  it('grow as a job moves up the queue, runs and ends', () => {
    const path = [
      job({ position: 3 }),
      job({ position: 2 }),
      job({ position: 1 }),
      job({ status: 'processing', position: 0, progress: 0 }),
      job({ status: 'processing', position: 0, progress: 0.25 }),
      job({ status: 'processing', position: 0, progress: 0.99 }),
      job({ status: 'completed', progress: 1 }),
    ].map(jobEventId);
    for (let i = 1; i < path.length; i++) expect(path[i]!).toBeGreaterThan(path[i - 1]!);
    expect(path.at(-1)).toBe(FINAL_EVENT_ID);
  });

  it('are the same wherever they are computed: they come from the state alone', () => {
    const state = { status: 'processing' as const, position: 0, progress: 0.5 };
    expect(jobEventId(job(state))).toBe(jobEventId(job({ ...state, job_id: 'another replica' })));
  });

  it('give every way of ending the same final id', () => {
    for (const status of ['completed', 'error', 'cancelled'] as const) {
      expect(jobEventId(job({ status }))).toBe(FINAL_EVENT_ID);
    }
  });

  it('put an unknown queue place (0) below any known one', () => {
    expect(jobEventId(job({ position: 0 }))).toBeLessThan(jobEventId(job({ position: 50 })));
  });
});

describe('resuming', () => {
  it('reads Last-Event-ID from the header first, then the query, ignoring junk', () => {
    expect(lastEventIdOf('1000500', '5')).toBe(1000500);
    expect(lastEventIdOf(undefined, '42')).toBe(42);
    expect(lastEventIdOf(undefined, undefined)).toBeUndefined();
    expect(lastEventIdOf('abc', undefined)).toBeUndefined();
    expect(lastEventIdOf('-1', undefined)).toBeUndefined();
  });

  it('sends nothing the client already has, nor a state behind it', () => {
    const half = job({ status: 'processing', progress: 0.5 });
    const after = jobEventId(half);
    expect(jobEventFrame(half, after)).toBeUndefined();
    expect(jobEventFrame(job({ status: 'processing', progress: 0.2 }), after)).toBeUndefined();
    expect(jobEventFrame(job({ position: 1 }), after)).toBeUndefined();
    expect(jobEventFrame(job({ status: 'processing', progress: 0.6 }), after)?.id).toBeGreaterThan(after);
  });

  it('frames progress as the default event and the end as a named one with the job JSON', () => {
    const progress = jobEventFrame(job({ status: 'processing', progress: 0.5 }), 0)!;
    expect(progress.frame).toBe(
      `id: ${progress.id}\ndata: ${JSON.stringify(job({ status: 'processing', progress: 0.5 }))}\n\n`,
    );
    const done = job({ status: 'completed', progress: 1, images: [] });
    expect(jobEventFrame(done, progress.id)!.frame).toMatch(/^event: completed\nid: 2000000\ndata: \{/);
    expect(jobEventFrame(job({ status: 'cancelled' }), 0)!.frame).toMatch(/^event: cancelled\n/);
    expect(jobEventFrame(job({ status: 'error' }), 0)!.frame).toMatch(/^event: error\n/);
  });

  it('tells a reconnect that has the final event that there is nothing more (204)', () => {
    const ended = job({ status: 'completed', progress: 1 });
    expect(hasEverything(ended, FINAL_EVENT_ID)).toBe(true);
    // A first connection, or one that broke before the end, still gets the final event.
    expect(hasEverything(ended, undefined)).toBe(false);
    expect(hasEverything(ended, jobEventId(job({ status: 'processing', progress: 0.9 })))).toBe(false);
    expect(hasEverything(job({ status: 'processing', progress: 0.9 }), FINAL_EVENT_ID)).toBe(false);
  });
});
