// BullMQ access for the jobs service: submission, queue position, state and the event stream; and the
// models queue, where installs and removals wait for a worker (one task per model at a time).

import { createHash } from 'node:crypto';
import { registry } from '@pictura/common/metrics';
import {
  type GenerateJobData,
  type GenerateJobResult,
  type JobProgressReport,
  jobCancelKey,
  MODELS_QUEUE,
  type ModelTaskData,
  type ModelTaskProgress,
  modelTaskJobId,
  QUEUE_NAMES,
  type QueueName,
  type UpscaleJobData,
} from '@pictura/common/queues';
import { currentTraceparent, SpanKind, withSpan } from '@pictura/common/tracing';
import { type Job, type JobType, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';

/** Each open repository's depth reader (one per process in production; tests may open several). */
const depthReaders = new Set<() => Promise<Record<QueueName, number>>>();

new Gauge({
  name: 'jobs_queue_depth',
  help: 'Jobs waiting for a worker (waiting + prioritized), per queue, read from BullMQ at scrape time.',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const read of depthReaders) {
      const depths = await read().catch(() => undefined);
      for (const [queue, depth] of Object.entries(depths ?? {})) this.set({ queue }, depth);
    }
  },
});

export type QueueEvent =
  | { type: 'active'; jobId: string }
  | { type: 'progress'; jobId: string; progress: JobProgressReport }
  | { type: 'completed'; jobId: string; result: GenerateJobResult }
  | { type: 'failed'; jobId: string; reason: string }
  /** Taken off the queue (a cancelled waiting job), by whichever replica: its record already says so. */
  | { type: 'removed'; jobId: string };

export type QueueJobState =
  | { state: 'waiting' | 'processing' | 'unknown' }
  | { state: 'completed'; result: GenerateJobResult }
  | { state: 'failed'; reason: string };

/** Finished model tasks stay listed this long, so the admin sees how an install ended. */
export const MODEL_TASK_RETENTION_SECONDS = 3600;

export interface ModelTaskView {
  data: ModelTaskData;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  /** Absent until the worker reports progress. */
  progress?: ModelTaskProgress;
  /** Why a failed task failed. */
  error?: string;
  requestedAt: Date;
  finishedAt?: Date;
}

export interface QueueRepository {
  addGeneration(data: GenerateJobData, priority: number): Promise<void>;
  addUpscale(data: UpscaleJobData, priority: number): Promise<void>;
  /** 1-based place among the waiting jobs of its queue, or 0 when the job is not waiting. */
  position(jobId: string, queueName?: QueueName): Promise<number>;
  /** The place a job added now with this priority will take (read before adding it, to save a round trip). */
  placeOfNew(priority: number, queueName?: QueueName): Promise<number>;
  state(jobId: string, queueName?: QueueName): Promise<QueueJobState>;
  /**
   * Flags the job cancelled for the worker, then takes it off the queue if no worker holds it yet.
   * 'removed': it was waiting and is gone; 'running': a worker holds it and stops at its next step;
   * 'finished': it ended first; 'unknown': BullMQ no longer has it.
   */
  cancel(jobId: string, queueName: QueueName): Promise<'removed' | 'running' | 'finished' | 'unknown'>;
  /**
   * Account deletion: the job and its payload (the prompt) leave the queue, waiting or ended; a running one
   * is flagged to stop at its next step and BullMQ drops it after the retention time.
   */
  forget(jobId: string, queueName: QueueName): Promise<void>;
  waitingCount(): Promise<number>;
  /**
   * Queues a model install or removal, or answers 'running' while a task for that model waits or runs. A
   * finished task of the same model makes way for the new one.
   */
  startModelTask(data: ModelTaskData): Promise<ModelTaskView | 'running'>;
  /** Model tasks waiting, running, or finished within MODEL_TASK_RETENTION_SECONDS; newest first. */
  modelTasks(): Promise<ModelTaskView[]>;
  onEvent(listener: (event: QueueEvent) => void): void;
  /** Since when every queue event has reached this process (a job created later cannot have missed one). */
  listeningSince(): number;
  close(): Promise<void>;
}

const MODEL_TASK_STATES: [ModelTaskView['state'], JobType[]][] = [
  ['waiting', ['waiting', 'prioritized', 'delayed']],
  ['active', ['active']],
  ['completed', ['completed']],
  ['failed', ['failed']],
];

function modelTaskView(job: Job<ModelTaskData>, state: ModelTaskView['state']): ModelTaskView {
  const progress = job.progress as ModelTaskProgress | number;
  return {
    data: job.data,
    state,
    ...(typeof progress === 'object' && progress?.phase ? { progress } : {}),
    ...(state === 'failed' ? { error: job.failedReason || 'The task failed' } : {}),
    requestedAt: new Date(job.timestamp),
    ...(job.finishedOn ? { finishedAt: new Date(job.finishedOn) } : {}),
  };
}

/** A small script of ours, run by its hash (Redis caches scripts), in one round trip. */
function script(lua: string) {
  return { lua, sha: createHash('sha1').update(lua).digest('hex') };
}

/**
 * A job's place in its queue (it is read for every waiting job a stream follows). Workers take the plain
 * wait list first (from its tail), then the prioritized set in score order.
 */
const POSITION = script(`
local waiting = redis.call('LLEN', KEYS[1])
local rank = redis.call('ZRANK', KEYS[2], ARGV[1])
if rank then return waiting + rank + 1 end
local index = redis.call('LPOS', KEYS[1], ARGV[1])
if index then return waiting - index end
return 0`);

/**
 * The place a job added now with a given priority will take: behind the wait list and every prioritized job
 * of the same or a better priority. BullMQ scores a prioritized job priority × 2^32 + a counter that only
 * grows, so ARGV[1] is the first score of the next priority.
 */
const PLACE_OF_NEW = script(`
return redis.call('LLEN', KEYS[1]) + redis.call('ZCOUNT', KEYS[2], '-inf', '(' .. ARGV[1]) + 1`);

function parseResult(value: unknown): GenerateJobResult {
  return (typeof value === 'string' ? JSON.parse(value) : value) as GenerateJobResult;
}

export async function createQueueRepository(options: {
  connection: Redis;
  eventsConnection: Redis;
  prefix: string;
  retentionSeconds: number;
}): Promise<QueueRepository> {
  const { connection, prefix } = options;
  const queues = {
    [QUEUE_NAMES.generate]: new Queue(QUEUE_NAMES.generate, { connection, prefix }),
    [QUEUE_NAMES.upscale]: new Queue(QUEUE_NAMES.upscale, { connection, prefix }),
  };
  const modelsQueue = new Queue<ModelTaskData>(MODELS_QUEUE, { connection, prefix });
  // One events reader per queue, each blocking on its own connection (the caller's, then a copy we own and
  // close). Job ids are UUIDs, so the two streams never name the same job.
  const upscaleEventsConnection = options.eventsConnection.duplicate();
  const events = [
    new QueueEvents(QUEUE_NAMES.generate, { connection: options.eventsConnection, prefix }),
    new QueueEvents(QUEUE_NAMES.upscale, { connection: upscaleEventsConnection, prefix }),
  ];
  await Promise.all(events.map((e) => e.waitUntilReady()));
  // Events reach us without a gap from this moment; after a reconnect or error, from then on.
  let listeningSince = Date.now();
  const gap = () => {
    listeningSince = Date.now();
  };
  for (const connection of [options.eventsConnection, upscaleEventsConnection]) connection.on('ready', gap);
  for (const stream of events) stream.on('error', gap);
  const listeners: ((event: QueueEvent) => void)[] = [];
  const emit = (event: QueueEvent) => {
    for (const listener of listeners) listener(event);
  };
  for (const stream of events) {
    stream.on('active', ({ jobId }) => emit({ type: 'active', jobId }));
    stream.on('progress', ({ jobId, data }) =>
      emit({ type: 'progress', jobId, progress: data as JobProgressReport }),
    );
    stream.on('completed', ({ jobId, returnvalue }) =>
      emit({ type: 'completed', jobId, result: parseResult(returnvalue) }),
    );
    stream.on('failed', ({ jobId, failedReason }) => emit({ type: 'failed', jobId, reason: failedReason }));
    stream.on('removed', ({ jobId }) => emit({ type: 'removed', jobId }));
  }
  const key = (queueName: QueueName, name: string) => `${prefix}:${queueName}:${name}`;
  /** Runs one of our scripts over the queue's wait list and prioritized set. */
  async function run(code: { lua: string; sha: string }, queueName: QueueName, arg: string) {
    const keys = [key(queueName, 'wait'), key(queueName, 'prioritized')];
    try {
      return Number(await connection.evalsha(code.sha, keys.length, ...keys, arg));
    } catch (error) {
      // Redis forgets scripts when it restarts: EVAL sends it along, and Redis keeps it again.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return Number(await connection.eval(code.lua, keys.length, ...keys, arg));
    }
  }
  const readDepths = async () => {
    const [generate, upscale] = await Promise.all(
      [queues.generate, queues.upscale].map((queue) => queue.getJobCountByTypes('waiting', 'prioritized')),
    );
    return { generate: generate ?? 0, upscale: upscale ?? 0 };
  };
  depthReaders.add(readDepths);
  /** Adds a job inside a producer span whose context the payload carries to the worker. */
  const publish = <T extends { jobId: string; traceparent?: string }>(
    queueName: QueueName,
    data: T,
    priority: number,
  ) =>
    withSpan(
      `${queueName} publish`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.destination.name': queueName,
          'job.id': data.jobId,
        },
      },
      async () => {
        await queues[queueName].add(
          queueName,
          { ...data, traceparent: currentTraceparent() },
          jobOptions(data.jobId, priority),
        );
      },
    );
  const jobOptions = (jobId: string, priority: number) => ({
    jobId,
    priority,
    attempts: 3,
    backoff: { type: 'exponential' as const, delay: 1000 },
    removeOnComplete: { age: options.retentionSeconds },
    removeOnFail: { age: options.retentionSeconds },
  });

  return {
    addGeneration: (data, priority) => publish(QUEUE_NAMES.generate, data, priority),
    addUpscale: (data, priority) => publish(QUEUE_NAMES.upscale, data, priority),
    position: (jobId, queueName = QUEUE_NAMES.generate) => run(POSITION, queueName, jobId),
    placeOfNew: (priority, queueName = QUEUE_NAMES.generate) =>
      run(PLACE_OF_NEW, queueName, String((priority + 1) * 2 ** 32)),
    async state(jobId, queueName = QUEUE_NAMES.generate) {
      const job = await queues[queueName].getJob(jobId);
      if (!job) return { state: 'unknown' };
      const state = await job.getState();
      if (state === 'completed') return { state: 'completed', result: parseResult(job.returnvalue) };
      if (state === 'failed') return { state: 'failed', reason: job.failedReason };
      if (state === 'active') return { state: 'processing' };
      return { state: 'waiting' };
    },
    async cancel(jobId, queueName) {
      // The flag goes first: a worker taking the job between our look and the removal still sees it.
      await connection.set(jobCancelKey(prefix, jobId), '1', 'EX', options.retentionSeconds);
      const job = await queues[queueName].getJob(jobId);
      if (!job) return 'unknown';
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') return 'finished';
      if (state === 'active') return 'running';
      // 0: a worker locked it since we looked; it will stop at its first step.
      return (await queues[queueName].remove(jobId)) === 1 ? 'removed' : 'running';
    },
    async forget(jobId, queueName) {
      await connection.set(jobCancelKey(prefix, jobId), '1', 'EX', options.retentionSeconds);
      await queues[queueName].remove(jobId);
    },
    // Prioritized jobs are waiting too; BullMQ counts them apart.
    waitingCount: () => queues.generate.getJobCountByTypes('waiting', 'prioritized'),
    async startModelTask(data) {
      const jobId = modelTaskJobId(data.model);
      // Looking and adding are two steps: a short lock keeps two admins' clicks from both passing the look.
      const lock = `${prefix}:model-task-starting:${jobId}`;
      if ((await connection.set(lock, '1', 'PX', 10_000, 'NX')) !== 'OK') return 'running';
      try {
        const existing = await modelsQueue.getJob(jobId);
        if (existing) {
          const state = await existing.getState();
          if (!['completed', 'failed', 'unknown'].includes(state)) return 'running';
          await existing.remove();
        }
        const job = await modelsQueue.add(data.action, data, {
          jobId,
          // A failed install is shown to the admin, who may start it again (downloads resume).
          attempts: 1,
          removeOnComplete: { age: MODEL_TASK_RETENTION_SECONDS },
          removeOnFail: { age: MODEL_TASK_RETENTION_SECONDS },
        });
        return modelTaskView(job, 'waiting');
      } finally {
        await connection.del(lock);
      }
    },
    async modelTasks() {
      const lists = await Promise.all(
        MODEL_TASK_STATES.map(async ([state, types]) =>
          (await modelsQueue.getJobs(types)).filter(Boolean).map((job) => modelTaskView(job, state)),
        ),
      );
      // BullMQ drops finished jobs past their age only when a later job finishes: hide them here.
      const since = Date.now() - MODEL_TASK_RETENTION_SECONDS * 1000;
      return lists
        .flat()
        .filter((task) => !task.finishedAt || task.finishedAt.getTime() >= since)
        .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime());
    },
    listeningSince: () => listeningSince,
    onEvent(listener) {
      listeners.push(listener);
    },
    async close() {
      depthReaders.delete(readDepths);
      await Promise.all(events.map((stream) => stream.close()));
      await upscaleEventsConnection.quit();
      await Promise.all([...Object.values(queues), modelsQueue].map((queue) => queue.close()));
    },
  };
}
