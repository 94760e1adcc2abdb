import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JobRow } from './db/schema.ts';
import { keepingEndedJobs } from './ended-jobs.cache.ts';
import type { JobsRepository } from './jobs.repository.ts';

const row = (status: JobRow['status']) => ({ id: randomUUID(), status }) as JobRow;

/** A table whose reads are counted. */
function table(rows: JobRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reads: string[] = [];
  const end = (status: JobRow['status']) => async (id: string) => {
    const ended = { ...byId.get(id)!, status };
    byId.set(id, ended);
    return ended;
  };
  const jobs = {
    find: async (id: string) => {
      reads.push(id);
      return byId.get(id);
    },
    complete: end('completed'),
    fail: end('error'),
    cancel: end('cancelled'),
  } as unknown as JobsRepository;
  return { jobs, byId, reads };
}

describe('ended jobs kept by the replica that saw them end', () => {
  it('answer reads of a job this replica saw end without asking the database', async () => {
    const [done, failed, cancelled] = [row('processing'), row('processing'), row('waiting')];
    const { jobs, reads } = table([done, failed, cancelled]);
    const kept = keepingEndedJobs(jobs);
    await kept.complete(done.id, [], 1);
    await kept.fail(failed.id, 'generation_failed', 'x');
    await kept.cancel(cancelled.id);
    expect((await kept.find(done.id))?.status).toBe('completed');
    expect((await kept.find(failed.id))?.status).toBe('error');
    expect((await kept.find(cancelled.id))?.status).toBe('cancelled');
    expect(reads).toEqual([]);
  });

  it('read unfinished jobs anew every time, and keep an ended one once read', async () => {
    const running = row('processing');
    const endedElsewhere = row('completed');
    const { jobs, byId, reads } = table([running, endedElsewhere]);
    const kept = keepingEndedJobs(jobs);
    expect((await kept.find(running.id))?.status).toBe('processing');
    byId.set(running.id, { ...running, status: 'completed' });
    expect((await kept.find(running.id))?.status).toBe('completed');
    await kept.find(endedElsewhere.id);
    await kept.find(endedElsewhere.id);
    expect(reads).toEqual([running.id, running.id, endedElsewhere.id]);
  });

  it('forget the oldest beyond their limit', async () => {
    const rows = [row('processing'), row('processing'), row('processing')];
    const { jobs, reads } = table(rows);
    const kept = keepingEndedJobs(jobs, 2);
    for (const r of rows) await kept.complete(r.id, [], 1);
    for (const r of [...rows].reverse()) await kept.find(r.id);
    expect(reads).toEqual([rows[0]!.id]);
  });
});
