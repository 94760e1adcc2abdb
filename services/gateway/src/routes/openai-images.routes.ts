// POST /v1/images/generations: OpenAI's Images API in front of Pictura's generator, for integrators' existing
// OpenAI clients (base URL = this site, API key = a Pictura `sk_…` key). It submits one job and answers when
// the job is done, with URLs on this site or the PNGs inline. Errors keep OpenAI's shape.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import { type Job, JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { errorReply } from '../http-errors.ts';
import {
  aspectRatioForSize,
  OpenAiErrorBody,
  OpenAiImageRequest,
  OpenAiImageResponse,
} from './openai-images.schemas.ts';

/** How long the call waits for its images before answering 504 (the job itself goes on). */
const WAIT_MS = 120_000;

const ERROR_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

function sendOpenAiError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): FastifyReply {
  const type = ERROR_TYPE[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  return reply.status(status).send({ error: { message, type, param, code } });
}

async function finishedJob(jobs: JobsClient, jobId: string, viewerUserId: number, signal: AbortSignal) {
  let last: Job | undefined;
  for await (const job of jobs.watchJob({ jobId, viewerUserId }, { signal })) {
    last = job;
    if (job.status === JobStatus.COMPLETED || job.status === JobStatus.ERROR) return job;
  }
  if (signal.aborted) throw new AppError('deadline_exceeded', 'The images took too long; try again');
  throw new AppError('unavailable', `Lost contact with job ${last?.id ?? jobId}`);
}

export async function openAiImagesRoutes(
  app: FastifyInstance,
  deps: { jobs: JobsClient; store: ObjectStore; publicUrl: string },
): Promise<void> {
  // This plugin's routes answer errors in OpenAI's shape; the rest of the API keeps {error, message}.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    return sendOpenAiError(reply, status, body.message, body.error);
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/v1/images/generations',
    {
      schema: {
        summary: 'OpenAI-compatible image generation (for integrators with an API key)',
        description:
          "OpenAI's Images API shape: `size` maps to the nearest aspect ratio, `n` up to 4, " +
          '`response_format` url (links on this site) or b64_json. Waits for the images.',
        tags: ['integrations'],
        body: OpenAiImageRequest,
        response: { 200: OpenAiImageResponse, '4xx': OpenAiErrorBody, '5xx': OpenAiErrorBody },
      },
    },
    async (request, reply) => {
      if (request.viewer.userId === 0) {
        return sendOpenAiError(
          reply,
          401,
          'An API key is required (Authorization: Bearer sk_…)',
          'unauthenticated',
        );
      }
      const body = request.body;
      if (body.prompt.trim() === '') {
        return sendOpenAiError(reply, 400, 'Please enter an image description', 'prompt_required', 'prompt');
      }
      const aspectRatio = aspectRatioForSize(body.size);
      if (!aspectRatio) {
        return sendOpenAiError(
          reply,
          400,
          'size must be WIDTHxHEIGHT (e.g. 1024x1024) or auto',
          'invalid_size',
          'size',
        );
      }
      const submitted = await deps.jobs.submitGeneration(
        {
          userId: request.viewer.userId,
          requestId: request.id,
          options: {
            prompt: body.prompt,
            negativePrompt: body.negative_prompt ?? '',
            aspectRatio,
            style: '',
            color: '',
            lighting: '',
            composition: '',
            model: body.model ?? '',
            seed: body.seed,
            count: body.n ?? 1,
          },
          private: false,
        },
        { requestId: request.id },
      );

      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), WAIT_MS);
      request.raw.on('close', () => controller.abort());
      let job: Job;
      try {
        job = await finishedJob(deps.jobs, submitted.id, request.viewer.userId, controller.signal);
      } finally {
        clearTimeout(timer);
      }
      if (job.status === JobStatus.ERROR) {
        const code = job.error?.code ?? 'generation_failed';
        const status = code === 'invalid_argument' || code === 'invalid_option' ? 400 : 500;
        return sendOpenAiError(
          reply,
          status,
          job.error?.message || 'Failed to generate image, please try again',
          code,
        );
      }

      const base = deps.publicUrl.replace(/\/$/, '');
      const data = await Promise.all(
        job.images.map(async (image) => {
          if (body.response_format !== 'b64_json') return { url: `${base}/files/${image.key}` };
          const bytes = await deps.store.read(image.key);
          if (!bytes)
            throw new AppError(
              'unavailable',
              'Image storage service is temporarily unavailable, please try again later',
            );
          return { b64_json: bytes.toString('base64') };
        }),
      );
      return { created: Math.floor(Date.now() / 1000), data };
    },
  );
}
