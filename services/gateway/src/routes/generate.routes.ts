// Generation: submit, read, follow (SSE) and the model list.

import type { OutgoingHttpHeaders } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Job } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { GENERATION_OPTION_RULES as OPTION } from '@pictura/common/generation-options';
import { jobStatusName, publicJobBody } from '@pictura/common/job-body';
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import type { FileLinks } from '../file-links.ts';
import { sendError } from '../http-errors.ts';
import type { JobEventTokens } from '../job-event-tokens.repository.ts';
import { submissionWebhookUrl } from '../webhook-url.ts';
import { toModelBody } from './generate.bodies.ts';
import {
  CancelJobQuery,
  GenerateBody,
  JobEventsQuery,
  JobParams,
  ModelsBody,
  SubmittedJob,
} from './generate.schemas.ts';
import {
  eventsUrlFor,
  hasEverything,
  isFinalStatus,
  jobEventFrame,
  lastEventIdOf,
  retryFrame,
} from './job-events.ts';

const SSE_HEARTBEAT_MS = 15_000;

/** The job's stream ends right after its final event: reading that end closes the call without cancelling it. */
async function readToEnd(iterator: AsyncIterator<Job>): Promise<void> {
  try {
    if (!(await iterator.next()).done) await iterator.return?.();
  } catch {
    // The client already has the final event; how the call ended changes nothing for it.
  }
}

export async function generateRoutes(
  app: FastifyInstance,
  deps: {
    jobs: JobsClient;
    eventTokens: JobEventTokens;
    allowLoopbackFetch?: boolean;
    /** Signs a private job's image links (only its owner reads the job); absent: links stay bare. */
    fileLinks?: FileLinks;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  /** The job as the API shows it; a private job's images through links signed for its owner. */
  const jobBody = async (job: Job) => {
    if (!job.private || !deps.fileLinks) return publicJobBody(job);
    return publicJobBody(job, '', await deps.fileLinks.signedLinks(job.images));
  };

  api.post(
    '/api/generate',
    {
      schema: {
        operationId: 'generateImages',
        summary: 'Create images from a text prompt',
        tags: ['generation'],
        body: GenerateBody,
        response: { 202: SubmittedJob, '4xx': { $ref: 'ErrorBody#' }, '5xx': { $ref: 'ErrorBody#' } },
      },
      config: { rateLimitPolicy: 'generation' },
    },
    async (request, reply) => {
      const userId = request.viewer.userId;
      const body = request.body;
      const job = await deps.jobs.submitGeneration(
        {
          userId,
          requestId: request.id,
          clientAddress: request.ip,
          options: {
            prompt: body.prompt,
            negativePrompt: body.negative_prompt ?? '',
            aspectRatio: body.aspect_ratio ?? '',
            style: body.style ?? '',
            color: body.color ?? '',
            lighting: body.lighting ?? '',
            composition: body.composition ?? '',
            background: body.background ?? '',
            model: body.model ?? '',
            seed: body.seed,
            count: body.count ?? OPTION.count.default,
          },
          private: body.private ?? false,
          webhookUrl: submissionWebhookUrl(request, body.webhook_url, {
            allowLoopback: deps.allowLoopbackFetch === true,
          }),
        },
        { requestId: request.id },
      );
      // A guest's token is given only here, to the submitter: it is their one way to cancel the job.
      const token = await deps.eventTokens.issueForNewJob(job.id, userId);
      return reply.status(202).send({
        job_id: job.id,
        status: jobStatusName(job.status),
        position: job.position,
        events_url: eventsUrlFor(job.id, token),
      });
    },
  );

  api.get(
    '/api/jobs/:id',
    {
      schema: {
        operationId: 'getJob',
        summary: 'A generation job: status, queue position, progress, images',
        tags: ['generation'],
        params: JobParams,
        response: { 200: { $ref: 'Job#' }, '4xx': { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => {
      const { userId } = request.viewer;
      const job = await jobBody(await deps.jobs.getJob({ jobId: request.params.id, viewerUserId: userId }));
      // Anyone may read a guest's job, so reading one never hands out a guest's token (it would cancel).
      const token = userId !== 0 ? await deps.eventTokens.issue(job.job_id, userId) : undefined;
      return { ...job, events_url: eventsUrlFor(job.job_id, token) };
    },
  );

  api.delete(
    '/api/jobs/:id',
    {
      schema: {
        operationId: 'cancelJob',
        summary: 'Cancel a waiting or running job',
        description:
          'A waiting job leaves the queue and ends `cancelled` at once (200). A running one stops at its next ' +
          'step (202; follow it to its `cancelled` event), unless it finishes first. A cancelled job keeps no ' +
          'images and is not recorded in history. Only its owner may cancel it; a guest, only with the ' +
          "`access_token` from the submission's events_url. 409 when the job has already ended.",
        tags: ['generation'],
        params: JobParams,
        querystring: CancelJobQuery,
        response: { 200: { $ref: 'Job#' }, 202: { $ref: 'Job#' }, '4xx': { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      const jobId = request.params.id;
      let callerUserId = request.viewer.userId;
      if (callerUserId === 0) {
        const token = request.query.access_token;
        const tokenUser = token === undefined ? undefined : await deps.eventTokens.userFor(token, jobId);
        // A guest's token cancels only a guest's job: a signed-in user's job needs their own session.
        if (tokenUser !== 0) {
          return sendError(reply, 401, {
            error: 'unauthenticated',
            message: 'Please login to cancel this job',
          });
        }
        callerUserId = tokenUser;
      }
      const job = await jobBody(
        await deps.jobs.cancelJob({ jobId, callerUserId }, { requestId: request.id }),
      );
      return reply.status(job.status === 'cancelled' ? 200 : 202).send(job);
    },
  );

  /** Who reads the stream: the token's user when the URL has one (EventSource), else the caller. */
  async function eventsViewer(jobId: string, token: string | undefined, viewerUserId: number) {
    if (token === undefined) return viewerUserId;
    return deps.eventTokens.userFor(token, jobId);
  }

  api.get(
    '/api/jobs/:id/events',
    {
      schema: {
        operationId: 'followJobEvents',
        summary: 'Server-Sent Events: the job now, then every change until it ends',
        description:
          'Starts with `retry:`. Each event has an `id:` that grows as the job advances; progress events are ' +
          'the default `message` event and the last one is named `completed`, `error` or `cancelled`; every ' +
          '`data:` holds the same JSON as GET /api/jobs/{id}. Then the server closes the stream. ' +
          '`Last-Event-ID` (or `?last_event_id=`) resumes without repeating what the client has; a reconnect ' +
          'that already has the final event gets 204, so an EventSource stops. A browser passes the ' +
          "`access_token` from the job's events_url, as EventSource cannot send an Authorization header.",
        tags: ['generation'],
        params: JobParams,
        querystring: JobEventsQuery,
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          204: { description: 'The job has ended and the client has its final event', type: 'null' },
          '4xx': { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      const jobId = request.params.id;
      const viewerUserId = await eventsViewer(jobId, request.query.access_token, request.viewer.userId);
      if (viewerUserId === undefined) {
        return sendError(reply, 401, {
          error: 'invalid_token',
          message: 'This link has expired or is not for this job, please reload the page',
        });
      }
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.last_event_id);
      const controller = new AbortController();
      // A client that leaves stops the job's stream. One that ran to its end needs no stopping: aborting
      // it would only build errors (and their stack traces) that nobody reads.
      let streamEnded = false;
      request.raw.on('close', () => {
        if (!streamEnded) controller.abort();
      });
      const stream = deps.jobs.watchJob(
        { jobId, viewerUserId },
        { requestId: request.id, signal: controller.signal },
      );
      const iterator = stream[Symbol.asyncIterator]();
      // The first message decides the answer: a missing job is a plain 404, not an empty stream, and a
      // reconnect after the end is 204.
      const first = await iterator.next();
      if (first.done) return sendError(reply, 404, { error: 'job_not_found', message: 'Job not found' });
      if (hasEverything(publicJobBody(first.value), lastEventId)) {
        controller.abort();
        return reply.status(204).send(null);
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // Headers hooks already set (x-request-id) go out too: a hijacked reply skips fastify's sending.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
      let sent = lastEventId ?? 0;
      // The retry hint goes out with the first event, and the final event with the end: one write each.
      let frames = retryFrame();
      try {
        let result: IteratorResult<Job> = first;
        while (!result.done) {
          const body = await jobBody(result.value);
          const event = jobEventFrame(body, sent);
          if (event) {
            frames += event.frame;
            sent = event.id;
          }
          if (isFinalStatus(body.status)) {
            streamEnded = true;
            clearInterval(heartbeat);
            res.end(frames);
            await readToEnd(iterator);
            return;
          }
          if (frames) res.write(frames);
          frames = '';
          result = await iterator.next();
        }
        // The stream ended without a final event (jobs shutting down): the client reconnects and resumes.
        streamEnded = true;
      } catch (error) {
        // Closing without the final event makes the client reconnect with Last-Event-ID and resume.
        if (!controller.signal.aborted) request.log.warn({ err: error }, 'job event stream failed');
      } finally {
        clearInterval(heartbeat);
        if (!streamEnded) controller.abort();
        if (!res.writableEnded) res.end(frames);
      }
    },
  );

  api.get(
    '/api/models',
    {
      schema: {
        operationId: 'listAvailableModels',
        summary: 'Models the running workers offer, every kind, with licence, size and settings',
        tags: ['generation'],
        response: { 200: ModelsBody, '4xx': { $ref: 'ErrorBody#' }, '5xx': { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => {
      const { models } = await deps.jobs.listModels({}, { requestId: request.id });
      return { models: models.map(toModelBody) };
    },
  );
}
