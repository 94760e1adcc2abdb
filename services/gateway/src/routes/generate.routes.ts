// Generation: submit, read, follow (SSE) and the model list.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type GenerateModelSettings,
  type Job,
  JobStatus,
  type ModelInfo,
} from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { RateLimiter } from '@pictura/common/rate-limiter';
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { sendError } from '../http-errors.ts';
import {
  GenerateBody,
  type JobBody,
  JobParams,
  type ModelBody,
  ModelsBody,
  SubmittedJob,
} from './generate.schemas.ts';

const STATUS_NAMES = {
  [JobStatus.UNSPECIFIED]: 'waiting',
  [JobStatus.WAITING]: 'waiting',
  [JobStatus.PROCESSING]: 'processing',
  [JobStatus.COMPLETED]: 'completed',
  [JobStatus.ERROR]: 'error',
} as const;

export function toJobBody(job: Job): JobBody {
  return {
    job_id: job.id,
    status: STATUS_NAMES[job.status],
    position: job.position,
    progress: job.progress,
    images: job.images.map((image) => ({
      url: `/files/${image.key}`,
      width: image.width,
      height: image.height,
      seed: image.seed,
      flagged: image.flagged,
      subject: !image.subject
        ? null
        : image.subject.found
          ? { found: true, emoji: image.subject.emoji, name: image.subject.name }
          : { found: false },
    })),
    error: job.error ? { error: job.error.code, message: job.error.message } : null,
  };
}

export function toModelSettingsBody(settings: GenerateModelSettings | undefined): ModelBody['settings'] {
  if (!settings) return null;
  return {
    steps: settings.steps,
    guidance: settings.guidance,
    width: settings.width ?? null,
    height: settings.height ?? null,
    fixed_size: settings.fixedSize,
    negative_prompt: settings.negativePrompt,
  };
}

export function toModelBody(m: ModelInfo): ModelBody {
  return {
    name: m.name,
    kind: m.kind as ModelBody['kind'],
    title: m.title,
    description: m.description,
    builtin: m.builtin,
    default: m.isDefault,
    licence: m.licence
      ? { name: m.licence.name, url: m.licence.url, commercial_use: m.licence.commercialUse }
      : null,
    size_bytes: Number(m.sizeBytes),
    source: m.source,
    installed_at: m.installedAt || null,
    settings: toModelSettingsBody(m.settings),
    ms_per_output_megapixel: m.msPerOutputMegapixel ?? null,
  };
}

const isFinished = (job: Job) => job.status === JobStatus.COMPLETED || job.status === JobStatus.ERROR;
const SSE_HEARTBEAT_MS = 15_000;

export async function generateRoutes(
  app: FastifyInstance,
  deps: { jobs: JobsClient; guestLimiter: RateLimiter },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/generate',
    {
      schema: {
        summary: 'Create images from a text prompt',
        tags: ['generation'],
        body: GenerateBody,
        response: { 202: SubmittedJob, '4xx': { $ref: 'ErrorBody#' }, '5xx': { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      const userId = request.viewer.userId;
      if (userId === 0 && !(await deps.guestLimiter.allow(`generate:${request.ip}`))) {
        return sendError(reply, 429, {
          error: 'rate_limited',
          message: 'Too many requests, please try again later',
        });
      }
      const body = request.body;
      const job = await deps.jobs.submitGeneration(
        {
          userId,
          requestId: request.id,
          options: {
            prompt: body.prompt,
            negativePrompt: body.negative_prompt ?? '',
            aspectRatio: body.aspect_ratio ?? '',
            style: body.style ?? '',
            color: body.color ?? '',
            lighting: body.lighting ?? '',
            composition: body.composition ?? '',
            model: body.model ?? '',
            seed: body.seed,
            count: body.count ?? 1,
          },
          private: body.private ?? false,
        },
        { requestId: request.id },
      );
      return reply
        .status(202)
        .send({ job_id: job.id, status: STATUS_NAMES[job.status], position: job.position });
    },
  );

  api.get(
    '/api/jobs/:id',
    {
      schema: {
        summary: 'A generation job: status, queue position, progress, images',
        tags: ['generation'],
        params: JobParams,
        response: { 200: { $ref: 'Job#' }, '4xx': { $ref: 'ErrorBody#' } },
      },
    },
    async (request) =>
      toJobBody(await deps.jobs.getJob({ jobId: request.params.id, viewerUserId: request.viewer.userId })),
  );

  api.get(
    '/api/jobs/:id/events',
    {
      schema: {
        summary: 'Server-Sent Events: the job now, then every change until it completes or fails',
        description: 'Each `data:` line holds the same JSON as GET /api/jobs/{id}.',
        tags: ['generation'],
        params: JobParams,
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      request.raw.on('close', () => controller.abort());
      const stream = deps.jobs.watchJob(
        { jobId: request.params.id, viewerUserId: request.viewer.userId },
        { requestId: request.id, signal: controller.signal },
      );
      const iterator = stream[Symbol.asyncIterator]();
      // The first message decides the answer: a missing job is a plain 404, not an empty stream.
      const first = await iterator.next();
      if (first.done) return sendError(reply, 404, { error: 'job_not_found', message: 'Job not found' });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
      try {
        let result: IteratorResult<Job> = first;
        while (!result.done) {
          res.write(`data: ${JSON.stringify(toJobBody(result.value))}\n\n`);
          if (isFinished(result.value)) break;
          result = await iterator.next();
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          request.log.warn({ err: error }, 'job event stream failed');
          res.write(
            `event: failure\ndata: ${JSON.stringify({ error: 'stream_failed', message: 'Lost contact with the job, retrying' })}\n\n`,
          );
        }
      } finally {
        clearInterval(heartbeat);
        controller.abort();
        res.end();
      }
    },
  );

  api.get(
    '/api/models',
    {
      schema: {
        summary: 'Models the running workers offer, every kind, with licence, size and settings',
        tags: ['generation'],
        response: { 200: ModelsBody },
      },
    },
    async (request) => {
      const { models } = await deps.jobs.listModels({}, { requestId: request.id });
      return { models: models.map(toModelBody) };
    },
  );
}
