// POST /api/upload/upscale: a link to an image → a 4x upscale job, answered when it finishes (or at once
// with ?async=1, for clients that follow the job's progress over SSE).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Job, JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { FetchRefusedError, fetchUserImage } from '@pictura/common/guarded-fetch';
import { ImageRejectedError } from '@pictura/common/image-decode';
import { FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '@pictura/common/image-sniff';
import { isObjectKey } from '@pictura/common/object-store';
import { JOB_ERROR_MESSAGES } from '@pictura/common/queues';
import type { FastifyInstance } from 'fastify';
import type { FileLinks } from '../file-links.ts';
import { storeUntrustedImage } from '../image-intake.ts';
import { checkSubmissionWebhookUrl } from '../webhook-url.ts';
import { eventsUrlFor } from './job-events.ts';
import { imageRejection, sendFailure } from './upload.replies.ts';
import type { UploadDeps } from './upload.routes.ts';
import { UpscaleBody, UpscaleQuery, UpscaleResult, UpscaleSubmitted } from './upload.schemas.ts';

const NO_IMAGE_MESSAGE = 'No image URL provided';
const CANNOT_LOAD_MESSAGE = JOB_ERROR_MESSAGES.source_missing;
/** The spec's client gives up after 60 s: answer a little before, so it still learns the job id. */
const UPSCALE_WAIT_MS = 55_000;

/** Job error codes → HTTP status; anything unlisted is the server's fault. */
const STATUS_BY_JOB_ERROR: Record<string, number> = {
  not_an_image: 415,
  too_many_pixels: 413,
  source_missing: 400,
  storage_unavailable: 503,
};

/**
 * The object key when the link points into our own store (`/files/<key>`, relative or on our origin): those
 * are read from the store, never fetched. null: ours, but no such file; undefined: a foreign link.
 */
export function ownObjectKey(imageUrl: string, publicUrl: string): string | null | undefined {
  const own = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(imageUrl, own);
  } catch {
    return null;
  }
  if (url.origin !== own.origin) return undefined;
  const match = /^\/files\/([^/]+)$/.exec(url.pathname);
  return match && isObjectKey(match[1]!) ? match[1]! : null;
}

/**
 * How the files route would treat this link of ours: 'public', 'private' (a live signed link to a private
 * generation's file: its upscale is private too) or 'unreadable' (a private file's bare or dead link).
 */
async function linkAccess(
  links: FileLinks,
  key: string,
  imageUrl: string,
): Promise<'public' | 'private' | 'unreadable'> {
  const query = new URL(imageUrl, 'http://site').searchParams;
  const isPublic = await links.isPublic(key, '');
  if (isPublic) return 'public';
  const sig = query.get('sig');
  if (sig === null) return 'unreadable';
  return (await links.verify(key, query.get('expires') ?? undefined, sig)) ? 'private' : 'unreadable';
}

const isFinished = (job: Job) =>
  job.status === JobStatus.COMPLETED || job.status === JobStatus.ERROR || job.status === JobStatus.CANCELLED;

export async function upscaleRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Where the image to upscale is in our store: copied in first when it is a foreign link. */
  async function sourceKeyFor(
    imageUrl: string,
  ): Promise<{ key: string; private?: boolean } | { status: number; error: string }> {
    const own = ownObjectKey(imageUrl, deps.publicUrl);
    if (own === null) return { status: 400, error: CANNOT_LOAD_MESSAGE };
    if (own !== undefined) {
      const access = deps.fileLinks ? await linkAccess(deps.fileLinks, own, imageUrl) : 'public';
      // A private generation's file, without its owner's signed link: as if there were no such file.
      if (access === 'unreadable') return { status: 400, error: CANNOT_LOAD_MESSAGE };
      const opened = await deps.store.open(own);
      if (!opened) return { status: 400, error: CANNOT_LOAD_MESSAGE };
      opened.stream.destroy();
      return { key: own, private: access === 'private' };
    }
    try {
      const fetched = await fetchUserImage(imageUrl, { allowLoopback: deps.allowLoopbackFetch });
      return { key: (await storeUntrustedImage(deps.store, fetched.bytes)).key };
    } catch (error) {
      if (error instanceof FetchRefusedError) {
        if (error.code === 'too_large') return { status: 413, error: FILE_TOO_LARGE_MESSAGE };
        if (error.code === 'not_an_image') return { status: 415, error: NOT_AN_IMAGE_MESSAGE };
        return { status: 400, error: CANNOT_LOAD_MESSAGE };
      }
      if (error instanceof ImageRejectedError) return imageRejection(error);
      throw error;
    }
  }

  api.post(
    '/api/upload/upscale',
    {
      schema: {
        operationId: 'upscaleImage',
        summary: 'Upscale an image 4x',
        description:
          'Waits for the result (up to 55 s; 504 with the job_id after that). With `?async=1` answers 202 with the ' +
          'job_id at once: follow it at GET /api/jobs/{id}/events.',
        tags: ['upscale'],
        body: UpscaleBody,
        querystring: UpscaleQuery,
        response: {
          200: UpscaleResult,
          202: UpscaleSubmitted,
          '4xx': { $ref: 'UploadFailure#' },
          '5xx': { $ref: 'UploadFailure#' },
        },
      },
      config: { rateLimitPolicy: 'guestUpscale' },
    },
    async (request, reply) => {
      const imageUrl = request.body.image_url?.trim() ?? '';
      if (imageUrl === '') return sendFailure(reply, 400, NO_IMAGE_MESSAGE);
      const userId = request.viewer.userId;
      // Before fetching anything: a refused webhook URL fails the call.
      const webhook = checkSubmissionWebhookUrl(request, request.body.webhook_url, {
        allowLoopback: deps.allowLoopbackFetch,
      });
      if ('error' in webhook) {
        return reply.status(400).send({ success: false, error: webhook.message, code: webhook.error });
      }
      const source = await sourceKeyFor(imageUrl);
      if ('error' in source) return sendFailure(reply, source.status, source.error);

      const submitted = await deps.jobs.submitUpscale(
        {
          userId,
          sourceKey: source.key,
          model: request.body.model ?? '',
          format: request.body.format ?? '',
          requestId: request.id,
          webhookUrl: webhook.url,
          clientAddress: request.ip,
          private: source.private ?? false,
        },
        { requestId: request.id },
      );
      const answerAtOnce = request.query.async === '1' || request.query.async === 'true';
      if (answerAtOnce) {
        const token = await deps.eventTokens.issueForNewJob(submitted.id, userId);
        return reply.status(202).send({
          success: true,
          job_id: submitted.id,
          status: 'waiting',
          position: submitted.position,
          events_url: eventsUrlFor(submitted.id, token),
        });
      }

      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), UPSCALE_WAIT_MS);
      request.raw.on('close', () => controller.abort());
      let last: Job | undefined;
      try {
        const stream = deps.jobs.watchJob(
          { jobId: submitted.id, viewerUserId: userId },
          { requestId: request.id, signal: controller.signal },
        );
        for await (const job of stream) {
          last = job;
          if (isFinished(job)) break;
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
      if (!last || !isFinished(last)) {
        return sendFailure(
          reply,
          504,
          'Upscaling is taking longer than expected, please try again',
          submitted.id,
        );
      }
      const image = last.images[0];
      if (last.status === JobStatus.CANCELLED) {
        return sendFailure(reply, 409, 'The upscale was cancelled', submitted.id);
      }
      if (last.status === JobStatus.ERROR || !image) {
        const code = last.error?.code ?? 'upscale_failed';
        const message = last.error?.message ?? JOB_ERROR_MESSAGES.upscale_failed;
        return sendFailure(reply, STATUS_BY_JOB_ERROR[code] ?? 500, message, submitted.id);
      }
      return {
        success: true,
        imageUrl: `/files/${image.key}`,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        job_id: submitted.id,
      };
    },
  );
}
