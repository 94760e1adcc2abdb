import { describe, expect, it } from 'vitest';
import type { GenerationJob } from '../../api/generation.ts';
import { ApiError } from '../../api/http.ts';
import { generationPhase } from './generation-phase.ts';

const job = (overrides: Partial<GenerationJob>): GenerationJob => ({
  job_id: 'j1',
  status: 'waiting',
  position: 0,
  progress: 0,
  images: [],
  error: null,
  ...overrides,
});
const base = { started: true, submitting: false, submitError: null, job: undefined, jobError: null };
const image = { url: '/files/a.png', width: 512, height: 512, seed: 1, flagged: false };

describe('generationPhase', () => {
  it('is idle before anything is sent', () => {
    expect(generationPhase({ ...base, started: false })).toEqual({ kind: 'idle' });
  });

  it('is submitting while the POST runs or before the job is known', () => {
    expect(generationPhase({ ...base, submitting: true })).toEqual({ kind: 'submitting' });
    expect(generationPhase(base)).toEqual({ kind: 'submitting' });
  });

  it('shows the queue position while waiting', () => {
    expect(generationPhase({ ...base, job: job({ position: 3 }) })).toEqual({ kind: 'waiting', position: 3 });
  });

  it('turns progress into a whole percent between 0 and 100', () => {
    expect(generationPhase({ ...base, job: job({ status: 'processing', progress: 0.426 }) })).toEqual({
      kind: 'processing',
      percent: 43,
    });
    expect(generationPhase({ ...base, job: job({ status: 'processing', progress: 1.7 }) })).toEqual({
      kind: 'processing',
      percent: 100,
    });
  });

  it('shows the images when completed', () => {
    expect(generationPhase({ ...base, job: job({ status: 'completed', images: [image] }) })).toEqual({
      kind: 'completed',
      images: [image],
    });
  });

  it('treats a completed job without images as a retrieval failure', () => {
    expect(generationPhase({ ...base, job: job({ status: 'completed' }) })).toMatchObject({
      kind: 'error',
      fallbackKey: 'errors.retrieveFailed',
    });
  });

  it("shows the server's message for a failed job", () => {
    const failed = job({
      status: 'error',
      error: { error: 'model_failed', message: 'The model could not run' },
    });
    expect(generationPhase({ ...base, job: failed })).toEqual({
      kind: 'error',
      message: 'The model could not run',
      fallbackKey: 'errors.generateFailed',
    });
  });

  it("shows the server's message when the POST is refused", () => {
    const refused = new ApiError(429, 'rate_limited', 'Too many requests, slow down');
    expect(generationPhase({ ...base, submitError: refused })).toEqual({
      kind: 'error',
      message: 'Too many requests, slow down',
      fallbackKey: 'errors.generateFailed',
    });
  });

  it('falls back to translated texts when the server says nothing useful', () => {
    expect(generationPhase({ ...base, submitError: new ApiError(500, 'http_error', '') })).toEqual({
      kind: 'error',
      message: null,
      fallbackKey: 'errors.server',
    });
    expect(generationPhase({ ...base, submitError: new TypeError('Failed to fetch') })).toEqual({
      kind: 'error',
      message: null,
      fallbackKey: 'errors.network',
    });
  });

  it('reports a failed poll only while the job is unfinished', () => {
    const pollError = new ApiError(404, 'not_found', 'Job not found');
    expect(
      generationPhase({ ...base, job: job({ status: 'processing' }), jobError: pollError }),
    ).toMatchObject({
      kind: 'error',
      message: 'Job not found',
    });
    expect(
      generationPhase({ ...base, job: job({ status: 'completed', images: [image] }), jobError: pollError }),
    ).toMatchObject({ kind: 'completed' });
  });

  it('shows the translated text for errors every language has, such as storage being down', () => {
    expect(
      generationPhase({
        ...base,
        job: job({
          status: 'error',
          error: {
            error: 'storage_unavailable',
            message: 'Image storage service is temporarily unavailable, please try again later',
          },
        }),
      }),
    ).toEqual({ kind: 'error', message: null, fallbackKey: 'errors.storageUnavailable' });
    expect(generationPhase({ ...base, submitError: new ApiError(503, 'storage_unavailable', 'x') })).toEqual({
      kind: 'error',
      message: null,
      fallbackKey: 'errors.storageUnavailable',
    });
  });

  it('says why the queue refused and when to try again, in every language', () => {
    const mine = new ApiError(429, 'too_many_waiting_jobs', 'You have 2 jobs waiting; …', 10);
    expect(generationPhase({ ...base, submitError: mine })).toEqual({
      kind: 'error',
      message: null,
      fallbackKey: 'errors.tooManyWaiting',
      retryAfterSeconds: 10,
    });
    const busy = new ApiError(503, 'queue_full', 'Pictura is very busy …', 30);
    expect(generationPhase({ ...base, submitError: busy })).toMatchObject({
      fallbackKey: 'errors.queueFull',
      retryAfterSeconds: 30,
    });
  });

  it('shows a cancelled job as cancelled, not as still waiting', () => {
    expect(generationPhase({ ...base, job: job({ status: 'cancelled', position: 2 }) })).toEqual({
      kind: 'cancelled',
    });
  });
});
