import { describe, expect, it } from 'vitest';
import { isFinished, parseJobEvent } from './generation.ts';

describe('reading the job event stream', () => {
  it('takes a job snapshot from an event and ignores anything else', () => {
    const job = parseJobEvent('{"job_id":"j1","status":"processing","position":0,"progress":0.5}');
    expect(job).toEqual({
      job_id: 'j1',
      status: 'processing',
      position: 0,
      progress: 0.5,
      images: [],
      error: null,
    });
    expect(parseJobEvent('{"error":"stream_failed"}')).toBeNull();
    expect(parseJobEvent('not json')).toBeNull();
  });

  it('counts a cancelled job as finished, like a completed or failed one', () => {
    expect(['completed', 'error', 'cancelled'].every((s) => isFinished(s as never))).toBe(true);
    expect(isFinished('waiting')).toBe(false);
    expect(isFinished('processing')).toBe(false);
  });
});
