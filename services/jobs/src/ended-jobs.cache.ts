// The rows of jobs that ended, kept by the replica that saw them end. An ended job's row never changes
// again, and the event stream a client opens right after submitting usually asks for a job that has just
// ended: it is answered from here instead of from the database. Unfinished rows are always read anew.
import type { JobRow } from './db/schema.ts';
import type { JobsRepository } from './jobs.repository.ts';

const ENDED: JobRow['status'][] = ['completed', 'error', 'cancelled'];

export function keepingEndedJobs(jobs: JobsRepository, maxRows = 10_000): JobsRepository {
  const ended = new Map<string, JobRow>();
  const keep = (row: JobRow | undefined) => {
    if (row && ENDED.includes(row.status)) {
      ended.set(row.id, row);
      // Oldest first: a Map iterates in insertion order.
      if (ended.size > maxRows) ended.delete(ended.keys().next().value!);
    }
    return row;
  };
  return {
    ...jobs,
    async find(id) {
      return ended.get(id) ?? keep(await jobs.find(id));
    },
    complete: async (...args) => keep(await jobs.complete(...args)),
    fail: async (...args) => keep(await jobs.fail(...args)),
    cancel: async (...args) => keep(await jobs.cancel(...args)),
    async deleteOfUser(userId) {
      for (const [id, row] of ended) if (row.userId === userId) ended.delete(id);
      return jobs.deleteOfUser(userId);
    },
  };
}
