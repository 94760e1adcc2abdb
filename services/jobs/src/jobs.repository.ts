import type { Database } from '@pictura/common/database';
import type { JobImageResult } from '@pictura/common/queues';
import { and, eq, notInArray } from 'drizzle-orm';
import { type JobRow, jobs, type schema } from './db/schema.ts';

export type NewJob = typeof jobs.$inferInsert;

const FINISHED: JobRow['status'][] = ['completed', 'error', 'cancelled'];

export interface JobsRepository {
  insert(job: NewJob): Promise<JobRow>;
  find(id: string): Promise<JobRow | undefined>;
  /** The updates below touch only unfinished jobs, so a late or repeated event changes nothing. */
  markProcessing(id: string): Promise<JobRow | undefined>;
  setProgress(id: string, progress: number): Promise<JobRow | undefined>;
  complete(id: string, images: JobImageResult[], inferenceMs: number): Promise<JobRow | undefined>;
  fail(id: string, code: string, message: string): Promise<JobRow | undefined>;
  /** Ends an unfinished job as cancelled; undefined when it had already finished. */
  cancel(id: string): Promise<JobRow | undefined>;
}

export function createJobsRepository(db: Database<typeof schema>): JobsRepository {
  const updateUnfinished = async (id: string, values: Partial<NewJob>) => {
    const [row] = await db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, id), notInArray(jobs.status, FINISHED)))
      .returning();
    return row;
  };
  return {
    async insert(job) {
      const [row] = await db.insert(jobs).values(job).returning();
      return row!;
    },
    async find(id) {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row;
    },
    markProcessing: (id) => updateUnfinished(id, { status: 'processing', startedAt: new Date() }),
    setProgress: (id, progress) => updateUnfinished(id, { status: 'processing', progress }),
    complete: (id, images, inferenceMs) =>
      updateUnfinished(id, { status: 'completed', progress: 1, images, inferenceMs, finishedAt: new Date() }),
    fail: (id, code, message) =>
      updateUnfinished(id, {
        status: 'error',
        errorCode: code,
        errorMessage: message,
        finishedAt: new Date(),
      }),
    cancel: (id) => updateUnfinished(id, { status: 'cancelled', progress: 0, finishedAt: new Date() }),
  };
}
