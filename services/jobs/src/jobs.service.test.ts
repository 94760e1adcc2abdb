import { randomUUID } from 'node:crypto';
import { createLogger } from '@pictura/common/logger';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { JobRow } from './db/schema.ts';
import type { JobsRepository } from './jobs.repository.ts';
import { createJobsService } from './jobs.service.ts';
import type { QueueEvent, QueueRepository } from './queue.repository.ts';

const image = { key: `${'b'.repeat(64)}.png`, width: 512, height: 512, seed: 1, flagged: false, bytes: 100 };

function row(status: JobRow['status'] = 'waiting'): JobRow {
  return {
    id: randomUUID(),
    kind: 'generate',
    userId: 0,
    status,
    options: {},
    priority: 3,
    progress: 0,
    images: [],
    errorCode: null,
    errorMessage: null,
    inferenceMs: null,
    webhookUrl: null,
    createdAt: new Date(),
    startedAt: null,
    finishedAt: null,
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The jobs service over an in-memory table and a queue whose events the test hands over itself. */
function serviceWith(rows: JobRow[]) {
  const table = new Map(rows.map((r) => [r.id, r]));
  const writes: string[] = [];
  const positionReads: string[] = [];
  let listener: (event: QueueEvent) => void = () => {};
  const update = (name: string, values: Partial<JobRow>) => async (id: string) => {
    writes.push(`${name} ${id}`);
    const current = table.get(id);
    if (!current || ['completed', 'error', 'cancelled'].includes(current.status)) return undefined;
    const next = { ...current, ...values };
    table.set(id, next);
    return next;
  };
  const jobs: JobsRepository = {
    insert: async () => {
      throw new Error('not used');
    },
    find: async (id) => table.get(id),
    markProcessing: (id, startedAt) => update('processing', { status: 'processing', startedAt })(id),
    setProgress: (id, progress) => update('progress', { status: 'processing', progress })(id),
    complete: (id, images) => update('complete', { status: 'completed', progress: 1, images })(id),
    fail: update('fail', { status: 'error' }),
    cancel: update('cancel', { status: 'cancelled' }),
    listOfUser: async () => [],
    deleteOfUser: async () => 0,
  };
  const queue = {
    onEvent: (fn: (event: QueueEvent) => void) => {
      listener = fn;
    },
    listeningSince: () => 0,
    position: async (jobId: string) => {
      positionReads.push(jobId);
      return 1;
    },
  } as unknown as QueueRepository;
  const service = createJobsService({
    jobs,
    queue,
    entitlements: { forUser: async () => Promise.reject(new Error('not used')) },
    models: { list: async () => [] },
    history: { record: async () => {} },
    settings: { get: async () => ({ defaultModel: '', defaultUpscaleModel: '', defaultSafetyModel: '' }) },
    logger: createLogger('jobs', 'silent'),
  });
  /** One read of the queue's event stream: its events are handed over one after another, as BullMQ does. */
  const batch = (...events: QueueEvent[]) => {
    for (const event of events) listener(event);
  };
  return { service, table, writes, positionReads, batch, jobs, queue };
}

const completed = (jobId: string): QueueEvent => ({
  type: 'completed',
  jobId,
  result: { images: [image], inferenceMs: 1 },
});

describe('jobs service: following a job', () => {
  it('sends the end of a job that finishes while its stream opens, without waiting for a re-read', async () => {
    const job = row('processing');
    const { service, jobs, batch } = serviceWith([job]);
    // The read that opens the stream sees the job still running; its completion is applied meanwhile.
    const read = jobs.find;
    jobs.find = async (id) => {
      const before = await read(id);
      batch(completed(id));
      await nextTurn();
      return before;
    };
    const seen: string[] = [];
    for await (const view of service.watchJob(job.id, 0, new AbortController().signal)) {
      seen.push(view.row.status);
    }
    expect(seen).toEqual(['completed']);
  });

  it('sends the end another replica recorded first to the streams this replica follows', async () => {
    // Without it, the stream would wait for its periodic re-read: that timer never fires here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const job = row('processing');
    const { service, table, batch } = serviceWith([job]);
    const stream = service.watchJob(job.id, 0, new AbortController().signal);
    expect((await stream.next()).value?.row.status).toBe('processing');
    // Another replica heard the same event and wrote the end first: this replica's own write changes nothing.
    table.set(job.id, { ...job, status: 'completed', progress: 1, images: [image] });
    const next = stream.next();
    batch(completed(job.id));
    expect((await next).value?.row.status).toBe('completed');
    expect((await stream.next()).done).toBe(true);
  });

  it("writes a job's start a moment later, or with its end when it ends first; its watchers hear it at once", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const quick = row();
    const slow = row();
    const { service, batch, writes, table } = serviceWith([quick, slow]);
    const stream = service.watchJob(slow.id, 0, new AbortController().signal);
    expect((await stream.next()).value?.row.status).toBe('waiting');
    const heard = stream.next();
    batch({ type: 'active', jobId: quick.id }, { type: 'active', jobId: slow.id });
    expect((await heard).value?.row.status).toBe('processing');
    batch(completed(quick.id));
    await nextTurn();
    expect(writes).toEqual([`complete ${quick.id}`]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([`complete ${quick.id}`, `processing ${slow.id}`]);
    expect(table.get(slow.id)?.status).toBe('processing');
    await stream.return(undefined);
  });

  it('tells each waiting job its new place once per batch, however many jobs started', async () => {
    const waiting = [row(), row()];
    const started = [row(), row(), row()];
    const { service, batch, positionReads } = serviceWith([...waiting, ...started]);
    const streams = waiting.map((job) => service.watchJob(job.id, 0, new AbortController().signal));
    for (const stream of streams) await stream.next();
    positionReads.length = 0;
    const updates = streams.map((stream) => stream.next());
    batch(...started.map((job): QueueEvent => ({ type: 'active', jobId: job.id })));
    await Promise.all(updates);
    await nextTurn();
    expect(positionReads.sort()).toEqual(waiting.map((job) => job.id).sort());
    for (const stream of streams) await stream.return(undefined);
  });
});

describe('jobs service: datastore outages', () => {
  it('applies an end it could not write (PostgreSQL down) from the queue once the database is back', async () => {
    const job = row('processing');
    const { service, jobs, table, batch, queue } = serviceWith([job]);
    const complete = jobs.complete;
    let down = true;
    jobs.complete = async (...args) => {
      if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
      return complete(...args);
    };
    queue.state = async () => ({ state: 'completed', result: { images: [image], inferenceMs: 1 } });
    const stream = service.watchJob(job.id, 0, new AbortController().signal);
    expect((await stream.next()).value?.row.status).toBe('processing');
    batch(completed(job.id));
    await nextTurn();
    expect(table.get(job.id)?.status).toBe('processing');
    down = false;
    // Nobody asks again: the retry reads the job's state from the queue and its watchers hear the end.
    expect((await stream.next()).value?.row.status).toBe('completed');
    expect(table.get(job.id)?.status).toBe('completed');
  });
});
