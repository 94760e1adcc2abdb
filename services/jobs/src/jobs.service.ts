import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { requestedSize, SEED_MAX } from '@pictura/common/generation-options';
import type { Logger } from '@pictura/common/logger';
import { isObjectKey } from '@pictura/common/object-store';
import { PLAN_QUEUE_PRIORITY } from '@pictura/common/plan-catalog';
import {
  type GenerateJobResult,
  JOB_CANCELLED_REASON,
  JOB_ERROR_MESSAGES,
  type JobErrorCode,
  UPSCALE_FORMATS,
  type UpscaleFormat,
} from '@pictura/common/queues';
import type { JobRow } from './db/schema.ts';
import { keepingEndedJobs } from './ended-jobs.cache.ts';
import type { EntitlementsRepository } from './entitlements.repository.ts';
import type { FairQueue } from './fair-queue.ts';
import { normaliseGenerationOptions, type RawGenerationOptions } from './generation-request.ts';
import type { HistoryRecorder } from './history.recorder.ts';
import { jobMetrics } from './jobs.metrics.ts';
import type { JobsRepository } from './jobs.repository.ts';
import { defaultModelFor, safetyModelFor } from './model-defaults.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { QueueEvent, QueueRepository } from './queue.repository.ts';
import type { SettingsValues } from './settings.repository.ts';

export interface JobView {
  row: JobRow;
  position: number;
}

type Watcher = (row: JobRow) => void;

/**
 * How long after a job starts its start is written. A job that ends sooner (a fast model) has it written with
 * its end, one statement fewer; until then the table says waiting while its watchers already hear processing.
 */
const START_WRITE_DELAY_MS = 200;

const isFinished = (row: JobRow) =>
  row.status === 'completed' || row.status === 'error' || row.status === 'cancelled';

/** How far along a job is: its states only move forward, so a higher stage is the newer state. */
const stage = (row: JobRow) => (isFinished(row) ? 2 : row.status === 'processing' ? 1 + row.progress / 2 : 0);

/** The user-facing error of a failed job; an unknown reason (a crash's text) is never shown. */
function errorFor(reason: string, kind: JobRow['kind']): { code: string; message: string } {
  const fallback: JobErrorCode = kind === 'upscale' ? 'upscale_failed' : 'generation_failed';
  const code = reason in JOB_ERROR_MESSAGES ? (reason as JobErrorCode) : fallback;
  return { code, message: JOB_ERROR_MESSAGES[code] };
}

export interface UpscaleRequest {
  sourceKey: string;
  /** Empty: the default upscale model. */
  model: string;
  /** Empty: png. */
  format: string;
  /** Where to POST the job's end (signed webhook); empty or absent for none. */
  webhookUrl?: string;
  /** The guest's address as the gateway trusts it (see submitGeneration). */
  clientAddress?: string;
  /** The source is a private generation's file: the result is private too. */
  private?: boolean;
}

export function createJobsService(deps: {
  jobs: JobsRepository;
  queue: QueueRepository;
  entitlements: EntitlementsRepository;
  models: ModelsRepository;
  history: HistoryRecorder;
  /** The admin's system settings (default model per kind), re-read within seconds of a change. */
  settings: {
    get(): Promise<Pick<SettingsValues, 'defaultModel' | 'defaultUpscaleModel' | 'defaultSafetyModel'>>;
  };
  /** Signed-in users' generation rate limit per plan (fixed window a minute, shared by every replica). */
  logger: Logger;
  /** Checks a webhook URL (refused: AppError) and answers what to store; absent: none are kept (tests). */
  webhookUrls?: { accept(url: string, userId: number): string | null };
  /** Caps on unfinished jobs per owner and in all (fair-queue.ts); absent: no caps (tests of other parts). */
  fairQueue?: FairQueue;
}) {
  const { queue, entitlements, models, history, settings, logger } = deps;
  const jobs = keepingEndedJobs(deps.jobs);
  const acceptWebhookUrl = (url: string | undefined, userId: number) =>
    url ? (deps.webhookUrls?.accept(url, userId) ?? null) : null;
  const watchers = new Map<string, Set<Watcher>>();
  /** The last state sent to the watchers of each watched job. */
  const latest = new Map<string, JobRow>();
  const progressWrites = new Map<string, number>();
  /** Started jobs whose start is not written yet: when they started, and the timer that will write it. */
  const startWrites = new Map<string, { startedAt: Date; timer: NodeJS.Timeout }>();

  /** A job's start is written a moment after it, unless the job ends first (then with its end). */
  function recordStart(jobId: string) {
    clearTimeout(startWrites.get(jobId)?.timer);
    const startedAt = new Date();
    const pending = {
      startedAt,
      timer: setTimeout(() => {
        jobs
          .markProcessing(jobId, startedAt)
          .catch((error) => logger.error({ err: error, jobId }, 'job start not recorded'))
          // Kept until written: an end recorded meanwhile still knows when the job started.
          .finally(() => {
            if (startWrites.get(jobId) === pending) startWrites.delete(jobId);
          });
      }, START_WRITE_DELAY_MS),
    };
    startWrites.set(jobId, pending);
    // Its watchers hear it now.
    const known = latest.get(jobId);
    if (known && !isFinished(known)) notify({ ...known, status: 'processing', startedAt });
  }

  /** When the ending job started, if its start is still to be written (it is written with the end instead). */
  function startNotWritten(jobId: string): Date | undefined {
    const pending = startWrites.get(jobId);
    if (!pending) return undefined;
    clearTimeout(pending.timer);
    startWrites.delete(jobId);
    return pending.startedAt;
  }

  const notify = (row: JobRow | undefined) => {
    if (!row) return;
    if (watchers.has(row.id)) latest.set(row.id, row);
    for (const watcher of watchers.get(row.id) ?? []) watcher(row);
  };

  /** An ended job's slot in the fair queue is free again; a failure here only delays that (see fair-queue.ts). */
  async function freeSlot(jobId: string): Promise<void> {
    await deps.fairQueue
      ?.release(jobId)
      .catch((error: unknown) => logger.warn({ err: error, jobId }, 'waiting slot not freed'));
  }

  async function applyCompletion(jobId: string, result: GenerateJobResult): Promise<JobRow | undefined> {
    progressWrites.delete(jobId);
    await freeSlot(jobId);
    const row = await jobs.complete(jobId, result.images, result.inferenceMs, startNotWritten(jobId));
    if (row) {
      jobMetrics.finished(row);
      if (row.userId !== 0) await history.record(row);
    }
    return row;
  }

  async function applyFailure(jobId: string, reason: string): Promise<JobRow | undefined> {
    progressWrites.delete(jobId);
    await freeSlot(jobId);
    const startedAt = startNotWritten(jobId);
    // The worker stopped on its owner's request (and kept no image): that is no failure.
    if (reason === JOB_CANCELLED_REASON) {
      const cancelled = await jobs.cancel(jobId);
      if (cancelled) jobMetrics.finished(cancelled);
      return cancelled;
    }
    const kind = (await jobs.find(jobId))?.kind ?? 'generate';
    const { code, message } = errorFor(reason, kind);
    const row = await jobs.fail(jobId, code, message, startedAt);
    if (row) jobMetrics.finished(row);
    return row;
  }

  /**
   * Every replica hears each queue event and writes it; the first to record a job's end wins and the others'
   * writes change nothing. Streams followed here still need that end: read it, rather than leaving them to
   * the periodic re-read.
   */
  async function endedElsewhere(jobId: string): Promise<JobRow | undefined> {
    return watchers.has(jobId) ? await jobs.find(jobId) : undefined;
  }

  async function handleEvent(event: QueueEvent): Promise<void> {
    switch (event.type) {
      case 'active':
        recordStart(event.jobId);
        return;
      case 'progress': {
        const { done, total } = event.progress;
        if (total <= 0) return;
        const progress = Math.min(0.99, done / total);
        // Watchers hear every step; the table is written at most once a second per job.
        const last = progressWrites.get(event.jobId) ?? 0;
        const known = latest.get(event.jobId);
        if (Date.now() - last >= 1000) {
          progressWrites.set(event.jobId, Date.now());
          notify(await jobs.setProgress(event.jobId, progress));
        } else if (known && !isFinished(known)) {
          notify({ ...known, status: 'processing', progress });
        }
        return;
      }
      case 'completed':
        notify((await applyCompletion(event.jobId, event.result)) ?? (await endedElsewhere(event.jobId)));
        return;
      case 'failed':
        notify((await applyFailure(event.jobId, event.reason)) ?? (await endedElsewhere(event.jobId)));
        return;
      case 'removed':
        await freeSlot(event.jobId);
        if (watchers.has(event.jobId)) notify(await jobs.find(event.jobId));
        return;
    }
  }

  /**
   * Everyone still waiting has moved up a place: resend their state (the position comes from Redis). As a
   * copy: a stream skips a row it has just sent, and `latest` holds that very row.
   */
  function refreshWaiting(started: Set<string>) {
    for (const [id, row] of latest) {
      if (!started.has(id) && row.status === 'waiting') notify({ ...row });
    }
  }

  // Queue events arrive in batches (one read of the event stream), handed over one after another without a
  // pause: the jobs still waiting hear their new place once per batch, however many jobs started in it.
  let started: Set<string> | undefined;
  queue.onEvent((event) => {
    if (event.type === 'active') {
      if (!started) {
        const batch = new Set<string>();
        started = batch;
        queueMicrotask(() => {
          started = undefined;
          refreshWaiting(batch);
        });
      }
      started.add(event.jobId);
    }
    handleEvent(event).catch((error) => {
      logger.warn({ err: error, jobId: event.jobId }, 'job event not applied; reconciling from the queue');
      reconcileLater(event.jobId);
    });
  });

  /**
   * An event that could not be written (PostgreSQL restarting) is not lost: the job's state is read again from
   * the queue and applied, retrying with growing pauses until it sticks. Its end then reaches history,
   * webhooks and the streams within moments of the database coming back, without waiting for anyone to ask.
   */
  function reconcileLater(jobId: string, attempt = 0) {
    const pause = Math.min(500 * 2 ** attempt, 30_000);
    setTimeout(async () => {
      try {
        const row = await jobs.find(jobId);
        if (row) notify(await reconcile(row, true));
      } catch {
        if (attempt < 12) reconcileLater(jobId, attempt + 1);
        else logger.error({ jobId }, 'job event not applied after retries');
      }
    }, pause).unref();
  }

  /** A job the queue did not take is ended at once: no record waits for a worker that will never get it. */
  async function queuedOrEnded<T>(
    jobId: string,
    recorded: Promise<T>,
    placed: Promise<number>,
    add: () => Promise<unknown>,
  ) {
    // Both settle before a failure counts, so the record cannot appear after we gave up on it.
    const [row, position] = await Promise.allSettled([recorded, placed]);
    try {
      if (row.status === 'rejected') throw row.reason;
      if (position.status === 'rejected') throw position.reason;
      await add();
      return [row.value, position.value] as const;
    } catch (error) {
      if (row.status === 'fulfilled') {
        await jobs
          .fail(jobId, 'generation_failed', 'The job could not be queued, please try again')
          .catch(() => {});
      }
      await freeSlot(jobId);
      throw error;
    }
  }

  /** Brings an unfinished record up to date from the queue, in case an event was missed while we were down. */
  async function reconcile(row: JobRow, force = false): Promise<JobRow> {
    if (isFinished(row)) return row;
    // A young job created while we were listening cannot have missed an event: skip the Redis reads.
    const created = row.createdAt.getTime();
    if (!force && created > queue.listeningSince() && Date.now() - created < 60_000) return row;
    const state = await queue.state(row.id, row.kind);
    if (state.state === 'completed') return (await applyCompletion(row.id, state.result)) ?? row;
    if (state.state === 'failed') return (await applyFailure(row.id, state.reason)) ?? row;
    if (state.state === 'unknown' && Date.now() - row.createdAt.getTime() > 60_000) {
      return (await applyFailure(row.id, 'generation_failed')) ?? row;
    }
    return row;
  }

  async function view(row: JobRow): Promise<JobView> {
    return { row, position: row.status === 'waiting' ? await queue.position(row.id, row.kind) : 0 };
  }

  async function findVisible(jobId: string, viewerUserId: number): Promise<JobRow> {
    const row = /^[0-9a-f-]{36}$/i.test(jobId) ? await jobs.find(jobId) : undefined;
    // Someone else's job looks exactly like a missing one.
    if (!row || (row.userId !== 0 && row.userId !== viewerUserId)) {
      throw new AppError('not_found', 'Job not found', 'job_not_found');
    }
    return row;
  }

  /** Only the owner may cancel: a guest's job (user 0) only by a guest the gateway let through with its token. */
  async function findOwned(jobId: string, callerUserId: number): Promise<JobRow> {
    const row = /^[0-9a-f-]{36}$/i.test(jobId) ? await jobs.find(jobId) : undefined;
    if (!row || row.userId !== callerUserId)
      throw new AppError('not_found', 'Job not found', 'job_not_found');
    return row;
  }

  const alreadyFinished = (row: JobRow) =>
    new AppError(
      'failed_precondition',
      row.status === 'cancelled'
        ? 'This job has already been cancelled'
        : 'This job has already finished and can no longer be cancelled',
      'job_finished',
    );

  return {
    /**
     * A waiting job leaves the queue and ends cancelled now; a running one is flagged, and ends cancelled
     * when its worker stops at the next step (or completed, if it finished first).
     */
    /**
     * Account deletion: the user's jobs leave the queue first, then their records (prompts with them) are
     * deleted, so a failed call leaves rows to find again and a repeat finishes the work. Guests (user 0)
     * own no account.
     */
    async deleteUserJobs(userId: number): Promise<number> {
      if (!userId) return 0;
      const owned = await jobs.listOfUser(userId);
      for (let at = 0; at < owned.length; at += 50) {
        await Promise.all(
          owned.slice(at, at + 50).map(async (job) => {
            await queue.forget(job.id, job.kind);
            await freeSlot(job.id);
          }),
        );
      }
      return jobs.deleteOfUser(userId);
    },

    async cancelJob(jobId: string, callerUserId: number): Promise<JobView> {
      const row = await findOwned(jobId, callerUserId);
      if (isFinished(row)) throw alreadyFinished(row);
      const outcome = await queue.cancel(row.id, row.kind);
      if (outcome === 'running') return view((await jobs.find(row.id)) ?? row);
      if (outcome === 'finished') {
        // It ended before we got there: record how, then say so.
        const ended = await reconcile(row, true);
        if (isFinished(ended)) throw alreadyFinished(ended);
        return view(ended);
      }
      await freeSlot(row.id);
      const cancelled = await jobs.cancel(row.id);
      if (!cancelled) {
        const ended = (await jobs.find(row.id)) ?? row;
        throw alreadyFinished(ended);
      }
      jobMetrics.finished(cancelled);
      notify(cancelled);
      return view(cancelled);
    },

    async submitGeneration(
      userId: number,
      raw: RawGenerationOptions,
      requestId: string,
      isPrivate = false,
      webhookUrl = '',
      /** The guest's address as the gateway trusts it: a guest's unfinished jobs are counted by it. */
      clientAddress = '',
    ): Promise<JobView> {
      const hook = acceptWebhookUrl(webhookUrl, userId);
      const [available, choices] = await Promise.all([models.list(), settings.get()]);
      const model = raw.model || defaultModelFor('generate', choices.defaultModel, available);
      const safetyModel = safetyModelFor(choices.defaultSafetyModel, available);
      const options = normaliseGenerationOptions({ ...raw, model }, () => randomInt(0, SEED_MAX));
      const known = available.find((m) => m.kind === 'generate' && m.name === options.model);
      if (!known && available.length > 0) {
        throw new AppError('invalid_argument', `Unknown model: ${options.model}`, 'unknown_model');
      }
      if (options.initImageKey && known && !known.settings?.imageInput) {
        throw new AppError(
          'invalid_argument',
          `${known.title} cannot start from an image; choose a model that can (see its settings)`,
          'unsupported_model_capability',
        );
      }
      if (options.background === 'transparent' && known && !known.settings?.transparentBackground) {
        throw new AppError(
          'invalid_argument',
          'This model cannot make a transparent background',
          'background_unsupported',
        );
      }
      const plan = await entitlements.forUser(userId, requestId);
      if (isPrivate && (userId === 0 || !plan.privateGeneration)) {
        throw new AppError(
          'permission_denied',
          'Private generation is part of the Ultimate plan',
          'private_generation_not_in_plan',
        );
      }
      // The generation rate (guests per address, users by plan) is the gateway's: gateway/src/rate-limits.ts.
      const priority = plan.queuePriority || PLAN_QUEUE_PRIORITY.free;
      const { width, height } = requestedSize(options);
      const id = randomUUID();
      // Last of the checks, so a refused request takes no slot.
      await deps.fairQueue?.admit({ userId, clientAddress, plan }, { jobId: id, queueName: 'generate' });
      // A guest's prompt goes only into the transient queue payload, never into the table.
      const { prompt, negativePrompt, ...rest } = options;
      const stored = userId === 0 ? rest : { ...options, ...(isPrivate ? { private: true } : {}) };
      // The record first, so the job's end always finds it; its place is read meanwhile (see placeOfNew).
      const [row, position] = await queuedOrEnded(
        id,
        jobs.insert({
          id,
          kind: 'generate',
          userId,
          status: 'waiting',
          options: stored,
          priority,
          webhookUrl: hook,
        }),
        queue.placeOfNew(priority, 'generate'),
        () =>
          queue.addGeneration(
            {
              jobId: id,
              requestId,
              userId,
              options,
              width,
              height,
              watermark: plan.watermark,
              ...(safetyModel === undefined ? {} : { safetyModel }),
            },
            priority,
          ),
      );
      jobMetrics.submitted('generate', plan.plan);
      return { row, position };
    },

    async submitUpscale(userId: number, request: UpscaleRequest, requestId: string): Promise<JobView> {
      if (!isObjectKey(request.sourceKey)) {
        throw new AppError('invalid_argument', 'Cannot load image, please check the URL', 'source_missing');
      }
      const format = (request.format || 'png') as UpscaleFormat;
      if (!UPSCALE_FORMATS.includes(format)) {
        throw new AppError('invalid_argument', `Unknown output format: ${request.format}`, 'invalid_option');
      }
      const [all, choices] = await Promise.all([models.list(), settings.get()]);
      const model = request.model || defaultModelFor('upscale', choices.defaultUpscaleModel, all);
      const safetyModel = safetyModelFor(choices.defaultSafetyModel, all);
      const available = all.filter((m) => m.kind === 'upscale');
      if (available.length > 0 && !available.some((m) => m.name === model)) {
        throw new AppError('invalid_argument', `Unknown model: ${model}`, 'unknown_model');
      }
      const plan = await entitlements.forUser(userId, requestId);
      const priority = plan.queuePriority || PLAN_QUEUE_PRIORITY.free;
      const id = randomUUID();
      await deps.fairQueue?.admit(
        { userId, clientAddress: request.clientAddress ?? '', plan },
        { jobId: id, queueName: 'upscale' },
      );
      // An upscale of a private image is private as well (a guest has no history to keep it in).
      const options = {
        sourceKey: request.sourceKey,
        model,
        format,
        ...(request.private && userId !== 0 ? { private: true } : {}),
      };
      const webhookUrl = acceptWebhookUrl(request.webhookUrl, userId);
      const [row, position] = await queuedOrEnded(
        id,
        jobs.insert({ id, kind: 'upscale', userId, status: 'waiting', options, priority, webhookUrl }),
        queue.placeOfNew(priority, 'upscale'),
        () =>
          queue.addUpscale(
            {
              jobId: id,
              requestId,
              userId,
              ...options,
              watermark: plan.watermark,
              ...(safetyModel === undefined ? {} : { safetyModel }),
            },
            priority,
          ),
      );
      jobMetrics.submitted('upscale', plan.plan);
      return { row, position };
    },

    async getJob(jobId: string, viewerUserId: number): Promise<JobView> {
      return view(await reconcile(await findVisible(jobId, viewerUserId)));
    },

    async *watchJob(jobId: string, viewerUserId: number, signal: AbortSignal): AsyncGenerator<JobView> {
      const pending: JobRow[] = [];
      let wake: (() => void) | undefined;
      const watcher: Watcher = (row) => {
        pending.push(row);
        wake?.();
      };
      // Listening starts before the row is read: an event applied while the read is under way then reaches
      // this stream, instead of falling between the two and waiting for the periodic re-read.
      const set = watchers.get(jobId) ?? new Set();
      set.add(watcher);
      watchers.set(jobId, set);
      const onAbort = () => wake?.();
      signal.addEventListener('abort', onAbort);
      try {
        let current = await reconcile(await findVisible(jobId, viewerUserId));
        // An event heard during the read may already be further along than the row read: start from it.
        const heard = pending.splice(0).at(-1);
        if (heard && stage(heard) >= stage(current)) current = heard;
        else latest.set(jobId, current);
        yield await view(current);
        while (!isFinished(current) && !signal.aborted) {
          if (pending.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              // A periodic re-read covers events that never reach this replica.
              setTimeout(resolve, 5000).unref();
            });
            wake = undefined;
          }
          const next = pending.splice(0).at(-1) ?? (await reconcile((await jobs.find(jobId)) ?? current));
          if (next === current) continue;
          current = next;
          yield await view(current);
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
        set.delete(watcher);
        if (set.size === 0) {
          watchers.delete(jobId);
          latest.delete(jobId);
        }
      }
    },

    waitingCount: () => queue.waitingCount(),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
