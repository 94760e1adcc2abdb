// Signed webhooks: when a job with a webhook URL ends, one message is recorded and queued; each attempt signs
// it anew with the owner's secret(s) and POSTs it through the guarded fetcher. Secrets and payloads never
// reach the logs.
import { AppError } from '@pictura/common/app-error';
import { decodeCursor, encodeCursor, pageLimit } from '@pictura/common/cursor';
import { FetchRefusedError } from '@pictura/common/guarded-fetch';
import type { PublicJobBody } from '@pictura/common/job-body';
import type { Logger } from '@pictura/common/logger';
import { webhookUrlRefusal } from '@pictura/common/webhook-url';
import type { JobRow, WebhookDeliveryRow, WebhookSecretRow } from './db/schema.ts';
import type { JobsRepository } from './jobs.repository.ts';
import {
  attemptOutcome,
  newMessageId,
  newWebhookSecret,
  retryDelayMs,
  signedHeaders,
  webhookBody,
  webhookEventFor,
} from './webhook-message.ts';
import { type DeliveryAttempt, FinalDeliveryFailure, type WebhookQueue } from './webhook-queue.repository.ts';
import type { AttemptRecord, WebhooksRepository } from './webhooks.repository.ts';

/** After a rotation the old secret signs beside the new one this long, so receivers can switch over. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

export type WebhookPost = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

export interface DeliveryPage {
  items: WebhookDeliveryRow[];
  nextCursor: string;
}

function requireUser(callerId: number): void {
  if (callerId === 0) throw new AppError('unauthenticated', 'Please login first', 'unauthenticated');
}

export function createWebhooksService(deps: {
  webhooks: WebhooksRepository;
  queue: WebhookQueue;
  /** The job as GET /api/jobs/:id shows it, image links absolute on the public site. */
  /** The job as the API shows it; a private job's image links are signed for its owner's receiver. */
  describeJob: (row: JobRow) => Promise<PublicJobBody>;
  /** The guarded fetcher's POST, with its timeout and address rules already bound. */
  post: WebhookPost;
  retryDelaysMs: readonly number[];
  /** Tests only: receivers on 127.0.0.1 (ALLOW_LOOPBACK_FETCH). */
  allowLoopback: boolean;
  logger: Logger;
  now?: () => Date;
}) {
  const { webhooks, queue, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function secretRow(userId: number): Promise<WebhookSecretRow> {
    return (await webhooks.secretOf(userId)) ?? (await webhooks.createSecret(userId, newWebhookSecret()));
  }

  /** The secrets that sign now: the current one, and the previous one within its grace period. */
  function signingSecrets(row: WebhookSecretRow, at: Date): string[] {
    const previousLive = row.previousSecret && row.previousUntil && row.previousUntil > at;
    return previousLive ? [row.secret, row.previousSecret!] : [row.secret];
  }

  /** Records the attempt and tells the queue whether to try again. */
  async function settle(
    delivery: WebhookDeliveryRow,
    attempt: { number: number; isLast: boolean },
    answer: { status?: number; error?: string; final?: boolean },
  ): Promise<void> {
    const at = now();
    const base = { attempts: attempt.number, lastStatus: answer.status ?? null };
    const outcome = answer.status === undefined ? 'retry' : attemptOutcome(answer.status);
    if (outcome === 'delivered') {
      await webhooks.recordAttempt(delivery.id, {
        ...base,
        status: 'delivered',
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: at,
      });
      logger.info(
        { deliveryId: delivery.id, jobId: delivery.jobId, attempts: attempt.number },
        'webhook delivered',
      );
      return;
    }
    const error =
      answer.error ??
      (outcome === 'gone'
        ? 'The receiver answered 410 Gone; no more attempts'
        : `The receiver answered with status ${answer.status}`);
    const delay = retryDelayMs(attempt.number, deps.retryDelaysMs);
    const final = outcome === 'gone' || answer.final === true || attempt.isLast || delay === undefined;
    const record: AttemptRecord = {
      ...base,
      status: final ? 'failed' : 'pending',
      lastError: error,
      nextAttemptAt: final ? null : new Date(at.getTime() + delay!),
      deliveredAt: null,
    };
    await webhooks.recordAttempt(delivery.id, record);
    logger.warn(
      {
        deliveryId: delivery.id,
        jobId: delivery.jobId,
        attempt: attempt.number,
        status: answer.status,
        final,
      },
      'webhook attempt failed',
    );
    // Thrown so BullMQ schedules the next attempt on the backoff, or (final) stops for good.
    throw final ? new FinalDeliveryFailure(error) : new Error(error);
  }

  const deliver: DeliveryAttempt = async (deliveryId, attempt) => {
    const delivery = await webhooks.findDelivery(deliveryId);
    // Settled already (a stalled job run twice) or gone with its owner: nothing to send.
    if (delivery?.status !== 'pending') return;
    const at = now();
    const headers = signedHeaders(
      delivery.id,
      delivery.payload,
      signingSecrets(await secretRow(delivery.userId), at),
      at,
    );
    let answer: { status?: number; error?: string; final?: boolean };
    try {
      answer = { status: (await deps.post(delivery.url, delivery.payload, headers)).status };
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      // A name that now resolves to a refused address is refused for good; a timeout or refused connection
      // may pass later.
      answer = {
        error: error.message,
        final: error.code === 'blocked_address' || error.code === 'invalid_url',
      };
    }
    await settle(delivery, attempt, answer);
  };

  return {
    deliver,

    /** Account deletion: the signing secret and every delivery record go. */
    deleteUserData: (userId: number) => webhooks.deleteUserData(userId),

    /** The webhook URL a submission may store, or AppError; the gateway checked it too, this is the owner's check. */
    accept(url: string, userId: number): string | null {
      if (url === '') return null;
      // Messages are signed with the owner's secret: a guest has none to verify them with.
      if (userId === 0) {
        throw new AppError('unauthenticated', 'Please login first to use webhooks', 'unauthenticated');
      }
      const refused = webhookUrlRefusal(url, { allowLoopback: deps.allowLoopback });
      if (refused) throw new AppError('invalid_argument', refused.message, refused.error);
      return url;
    },

    /** Called once per job end (the transition that finished it): records and queues its message. */
    async jobFinished(row: JobRow): Promise<void> {
      const type = webhookEventFor(row.status);
      if (!row.webhookUrl || row.userId === 0 || !type) return;
      const at = now();
      const delivery = await webhooks.recordDelivery({
        id: newMessageId(),
        userId: row.userId,
        jobId: row.id,
        eventType: type,
        url: row.webhookUrl,
        payload: webhookBody(type, at, await deps.describeJob(row)),
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      });
      if (delivery) await queue.enqueue(delivery.id);
    },

    async secret(callerId: number): Promise<WebhookSecretRow> {
      requireUser(callerId);
      return secretRow(callerId);
    },

    async rotateSecret(callerId: number): Promise<WebhookSecretRow> {
      requireUser(callerId);
      const at = now();
      return webhooks.rotateSecret(
        callerId,
        newWebhookSecret(),
        new Date(at.getTime() + PREVIOUS_SECRET_GRACE_MS),
      );
    },

    async deliveries(callerId: number, cursor: string, limit: number): Promise<DeliveryPage> {
      requireUser(callerId);
      const size = pageLimit(limit, 100, 20);
      const rows = await webhooks.deliveriesOf(callerId, decodeCursor(cursor), size + 1);
      const items = rows.slice(0, size);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          rows.length > size && last ? encodeCursor({ key: last.createdAt.toISOString(), id: last.id }) : '',
      };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * The jobs repository, announcing each job end to the webhooks. Its complete/fail/cancel answer a row only to
 * the caller whose update finished the job, so each end is announced once, by one replica. A webhook problem
 * never fails the job's own update: it is logged (the job id only).
 */
export function announcingJobEnds(
  jobs: JobsRepository,
  webhooks: Pick<WebhooksService, 'jobFinished'>,
  logger: Logger,
): JobsRepository {
  const announce = async <A extends unknown[]>(
    end: (...args: A) => Promise<JobRow | undefined>,
    ...args: A
  ): Promise<JobRow | undefined> => {
    const row = await end(...args);
    if (row?.webhookUrl) {
      await webhooks
        .jobFinished(row)
        .catch((error: unknown) => logger.error({ err: error, jobId: row.id }, 'webhook not queued'));
    }
    return row;
  };
  return {
    ...jobs,
    complete: (...args) => announce(jobs.complete, ...args),
    fail: (...args) => announce(jobs.fail, ...args),
    cancel: (...args) => announce(jobs.cancel, ...args),
  };
}
