// Generation, jobs, models, uploads, upscaling and the stored files.
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
  'POST /v1/images/generations': {
    expect: [401, 400, 400, 401, 400, 400],
    why: 'integrators with a key or a session; an empty prompt proves the call was reached',
    call: () => ({ path: '/v1/images/generations', body: { prompt: ' ' } }),
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
