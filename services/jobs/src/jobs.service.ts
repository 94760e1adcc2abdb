import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { requestedSize } from '@pictura/common/generation-options';
import type { Logger } from '@pictura/common/logger';
import { isObjectKey } from '@pictura/common/object-store';
import {
  type GenerateJobResult,
  JOB_CANCELLED_REASON,
  JOB_ERROR_MESSAGES,
  type JobErrorCode,
  PLAN_QUEUE_PRIORITY,
  UPSCALE_FORMATS,
  type UpscaleFormat,
} from '@pictura/common/queues';
import type { JobRow } from './db/schema.ts';
import type { EntitlementsRepository } from './entitlements.repository.ts';
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

const isFinished = (row: JobRow) =>
  row.status === 'completed' || row.status === 'error' || row.status === 'cancelled';

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
}) {
  const { jobs, queue, entitlements, models, history, settings, logger } = deps;
  const acceptWebhookUrl = (url: string | undefined, userId: number) =>
    url ? (deps.webhookUrls?.accept(url, userId) ?? null) : null;
  const watchers = new Map<string, Set<Watcher>>();
  /** The last state sent to the watchers of each watched job. */
  const latest = new Map<string, JobRow>();
  const progressWrites = new Map<string, number>();

  const notify = (row: JobRow | undefined) => {
    if (!row) return;
    if (watchers.has(row.id)) latest.set(row.id, row);
    for (const watcher of watchers.get(row.id) ?? []) watcher(row);
  };

  async function applyCompletion(jobId: string, result: GenerateJobResult): Promise<JobRow | undefined> {
    progressWrites.delete(jobId);
    const row = await jobs.complete(jobId, result.images, result.inferenceMs);
    if (row) {
      jobMetrics.finished(row);
      if (row.userId !== 0) await history.record(row);
    }
    return row;
  }

  async function applyFailure(jobId: string, reason: string): Promise<JobRow | undefined> {
    progressWrites.delete(jobId);
    // The worker stopped on its owner's request (and kept no image): that is no failure.
    if (reason === JOB_CANCELLED_REASON) {
      const cancelled = await jobs.cancel(jobId);
      if (cancelled) jobMetrics.finished(cancelled);
      return cancelled;
    }
    const kind = (await jobs.find(jobId))?.kind ?? 'generate';
    const { code, message } = errorFor(reason, kind);
    const row = await jobs.fail(jobId, code, message);
    if (row) jobMetrics.finished(row);
    return row;
  }

  async function handleEvent(event: QueueEvent): Promise<void> {
    switch (event.type) {
      case 'active': {
        notify(await jobs.markProcessing(event.jobId));
        // Everyone still waiting has moved up a place: resend their state (the position comes from Redis).
        for (const [id, row] of latest) {
          if (id !== event.jobId && row.status === 'waiting') notify(row);
        }
        return;
      }
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
        notify(await applyCompletion(event.jobId, event.result));
        return;
      case 'failed':
        notify(await applyFailure(event.jobId, event.reason));
        return;
      case 'removed':
        if (watchers.has(event.jobId)) notify(await jobs.find(event.jobId));
        return;
    }
  }

  queue.onEvent((event) => {
    handleEvent(event).catch((error) =>
      logger.error({ err: error, jobId: event.jobId }, 'job event not applied'),
    );
  });

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
    ): Promise<JobView> {
      const hook = acceptWebhookUrl(webhookUrl, userId);
      const [available, choices] = await Promise.all([models.list(), settings.get()]);
      const model = raw.model || defaultModelFor('generate', choices.defaultModel, available);
      const safetyModel = safetyModelFor(choices.defaultSafetyModel, available);
      const options = normaliseGenerationOptions({ ...raw, model }, () => randomInt(0, 2 ** 32 - 1));
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
      // A guest's prompt goes only into the transient queue payload, never into the table.
      const { prompt, negativePrompt, ...rest } = options;
      const stored = userId === 0 ? rest : { ...options, ...(isPrivate ? { private: true } : {}) };
      const row = await jobs.insert({
        id,
        kind: 'generate',
        userId,
        status: 'waiting',
        options: stored,
        priority,
        webhookUrl: hook,
      });
      await queue.addGeneration(
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
      );
      jobMetrics.submitted('generate', plan.plan);
      return view(row);
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
      const options = { sourceKey: request.sourceKey, model, format };
      const webhookUrl = acceptWebhookUrl(request.webhookUrl, userId);
      const row = await jobs.insert({
        id,
        kind: 'upscale',
        userId,
        status: 'waiting',
        options,
        priority,
        webhookUrl,
      });
      await queue.addUpscale(
        {
          jobId: id,
          requestId,
          userId,
          ...options,
          watermark: plan.watermark,
          ...(safetyModel === undefined ? {} : { safetyModel }),
        },
        priority,
      );
      jobMetrics.submitted('upscale', plan.plan);
      return view(row);
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
      const first = await findVisible(jobId, viewerUserId);
      const set = watchers.get(jobId) ?? new Set();
      set.add(watcher);
      watchers.set(jobId, set);
      const onAbort = () => wake?.();
      signal.addEventListener('abort', onAbort);
      try {
        let current = await reconcile(first);
        latest.set(jobId, current);
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
