// Generation, jobs, models, uploads, upscaling and the stored files.
import { eventually } from '../../support/eventually.ts';
import type { MatrixContext, Rows } from './matrix.ts';

/** A job submitted by "user". */
const userJobId = (ctx: MatrixContext) =>
  ctx.once('userJob', async () => {
    const job = await ctx.send('POST', '/api/generate', ctx.identities.user.credential, {
      prompt: 'owned by user',
    });
    if (job.status !== 202) throw new Error(`could not submit the user's job: ${job.status}`);
    return job.body.job_id as string;
  });

/** A job of "user" that has ended (cancelling it answers 409: the call reached the owner's job). */
const userFinishedJobId = (ctx: MatrixContext) =>
  ctx.once('userFinishedJob', async () => {
    const id = await userJobId(ctx);
    return eventually(async () => {
      const job = await ctx.send('GET', `/api/jobs/${id}`, ctx.identities.user.credential);
      return ['completed', 'error', 'cancelled'].includes(job.body.status as string) ? id : undefined;
    }, "the user's job to end");
  });

//                                           guest user other banned admin apiKey
export const generationRows: Rows = {
  'POST /api/generate': {
    expect: [202, 202, 202, 401, 202, 202],
    call: () => ({ path: '/api/generate', body: { prompt: 'a lighthouse at dusk' } }),
  },
  'GET /api/jobs/{id}': {
    expect: [404, 200, 404, 401, 404, 404],
    why: "someone else's job does not exist for the caller, admins included",
    call: async (ctx) => ({ path: `/api/jobs/${await userJobId(ctx)}` }),
  },
  'GET /api/jobs/{id}/events': {
    expect: [404, 200, 404, 401, 404, 404],
    call: async (ctx) => ({ path: `/api/jobs/${await userJobId(ctx)}/events` }),
  },
  'DELETE /api/jobs/{id}': {
    expect: [401, 409, 404, 401, 404, 404],
    why: "only the owner may cancel (a guest only with the job's token); someone else's job does not exist",
    call: async (ctx) => ({ path: `/api/jobs/${await userFinishedJobId(ctx)}` }),
  },
  'POST /v1/images/generations': {
    expect: [401, 401, 401, 401, 401, 400],
    why: 'integrators with an API key only: a session token is refused; an empty prompt proves the call was reached',
    call: () => ({ path: '/v1/images/generations', body: { prompt: ' ' } }),
  },
  'POST /v1/images/edits': {
    expect: [401, 401, 401, 401, 401, 400],
    why: 'a JSON body instead of the multipart form proves the call was reached',
    call: () => ({ path: '/v1/images/edits', body: { prompt: 'a cat' } }),
  },
  'POST /v1/images/variations': {
    expect: [401, 401, 401, 401, 401, 400],
    call: () => ({ path: '/v1/images/variations', body: {} }),
  },
  'GET /v1/models': {
    expect: [401, 401, 401, 401, 401, 200],
    call: () => ({ path: '/v1/models' }),
  },
  'GET /v1/models/{model}': {
    expect: [401, 401, 401, 401, 401, 200],
    call: () => ({ path: '/v1/models/dall-e-3' }),
  },
  'GET /api/models': { expect: [200, 200, 200, 401, 200, 200], call: () => ({ path: '/api/models' }) },
  'POST /api/upload/image': {
    expect: [400, 400, 400, 401, 400, 400],
    why: 'open to all; a JSON body without an image proves the call was reached',
    call: () => ({ path: '/api/upload/image', body: {} }),
  },
  'POST /api/upload/upscale': {
    expect: [400, 400, 400, 401, 400, 400],
    call: () => ({ path: '/api/upload/upscale', body: {} }),
  },
  'GET /files/{key}': {
    expect: [404, 404, 404, 401, 404, 404],
    why: 'public content-addressed files; an unknown key is missing for everyone',
    call: () => ({ path: `/files/${'0'.repeat(64)}.png` }),
  },
};
