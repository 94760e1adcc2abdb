import type { Database } from '@pictura/common/database';
import type { JobImageResult } from '@pictura/common/queues';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { type JobRow, jobs, type schema } from './db/schema.ts';

export type NewJob = typeof jobs.$inferInsert;
/** What a submission records; the rest of a row starts at its default (createdAt: the database's now). */
export type JobSubmission = Pick<
  NewJob,
  'id' | 'kind' | 'userId' | 'status' | 'options' | 'priority' | 'webhookUrl' | 'createdAt'
>;

const FINISHED: JobRow['status'][] = ['completed', 'error', 'cancelled'];

export interface JobsRepository {
  insert(job: JobSubmission): Promise<JobRow>;
  find(id: string): Promise<JobRow | undefined>;
  /** The updates below touch only unfinished jobs, so a late or repeated event changes nothing. */
  markProcessing(id: string, startedAt: Date): Promise<JobRow | undefined>;
  setProgress(id: string, progress: number): Promise<JobRow | undefined>;
  /** `startedAt`: when it started, if its start was not written yet (else: when it ended). */
  complete(
    id: string,
    images: JobImageResult[],
    inferenceMs: number,
    startedAt?: Date,
  ): Promise<JobRow | undefined>;
  fail(id: string, code: string, message: string, startedAt?: Date): Promise<JobRow | undefined>;
  /** Ends an unfinished job as cancelled; undefined when it had already finished. */
  cancel(id: string): Promise<JobRow | undefined>;
  /** The user's jobs (account deletion): what the queue may still hold. */
  listOfUser(userId: number): Promise<Pick<JobRow, 'id' | 'kind'>[]>;
  /** Deletes the user's job records, prompts with them; resolves how many there were. */
  deleteOfUser(userId: number): Promise<number>;
}

export function createJobsRepository(db: Database<typeof schema>): JobsRepository {
  // Every statement of a job's life is prepared once, by name: building the SQL anew (drizzle) and having
  // PostgreSQL parse and plan it again cost more than the statement itself, several times per job.
  const id = sql.placeholder('id');
  const unfinished = and(eq(jobs.id, id), notInArray(jobs.status, FINISHED));
  const updateUnfinished = <K extends keyof NewJob>(
    name: string,
    columns: readonly K[],
    also: Partial<Record<keyof NewJob, SQL>> = {},
  ) => {
    const values = {
      ...Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])),
      ...also,
    };
    const statement = db.update(jobs).set(values).where(unfinished).returning().prepare(name);
    return async (values: { id: string } & Pick<NewJob, K | 'startedAt'>) =>
      (await statement.execute(values))[0];
  };
  const insert = db
    .insert(jobs)
    .values({
      id,
      kind: sql.placeholder('kind'),
      userId: sql.placeholder('userId'),
      status: sql.placeholder('status'),
      options: sql.placeholder('options'),
      priority: sql.placeholder('priority'),
      webhookUrl: sql.placeholder('webhookUrl'),
      createdAt: sql`coalesce(${sql.placeholder('createdAt')}, now())`,
    })
    .returning()
    .prepare('jobs_insert');
  const find = db.select().from(jobs).where(eq(jobs.id, id)).limit(1).prepare('jobs_find');
  const markProcessing = updateUnfinished('jobs_mark_processing', ['status', 'startedAt']);
  const setProgress = updateUnfinished('jobs_set_progress', ['status', 'progress']);
  // A job that ended before its start was written (jobs.service.ts) gets its start with its end.
  const startedUnlessKnown = { startedAt: sql`coalesce(${jobs.startedAt}, ${sql.placeholder('startedAt')})` };
  const complete = updateUnfinished(
    'jobs_complete',
    ['status', 'progress', 'images', 'inferenceMs', 'finishedAt'],
    startedUnlessKnown,
  );
  const fail = updateUnfinished(
    'jobs_fail',
    ['status', 'errorCode', 'errorMessage', 'finishedAt'],
    startedUnlessKnown,
  );
  const cancel = updateUnfinished('jobs_cancel', ['status', 'progress', 'finishedAt']);
  return {
    async insert(job) {
      const [row] = await insert.execute({
        ...job,
        webhookUrl: job.webhookUrl ?? null,
        createdAt: job.createdAt ?? null,
      });
      return row!;
    },
    async find(jobId) {
      return (await find.execute({ id: jobId }))[0];
    },
    markProcessing: (jobId, startedAt) => markProcessing({ id: jobId, status: 'processing', startedAt }),
    setProgress: (jobId, progress) => setProgress({ id: jobId, status: 'processing', progress }),
    complete: (jobId, images, inferenceMs, startedAt) => {
      const finishedAt = new Date();
      return complete({
        id: jobId,
        status: 'completed',
        progress: 1,
        images,
        inferenceMs,
        finishedAt,
        startedAt: startedAt ?? finishedAt,
      });
    },
    fail: (jobId, code, message, startedAt) => {
      const finishedAt = new Date();
      return fail({
        id: jobId,
        status: 'error',
        errorCode: code,
        errorMessage: message,
        finishedAt,
        startedAt: startedAt ?? finishedAt,
      });
    },
    cancel: (jobId) => cancel({ id: jobId, status: 'cancelled', progress: 0, finishedAt: new Date() }),
    listOfUser: (userId) =>
      db.select({ id: jobs.id, kind: jobs.kind }).from(jobs).where(eq(jobs.userId, userId)),
    async deleteOfUser(userId) {
      const deleted = await db.delete(jobs).where(eq(jobs.userId, userId)).returning({ id: jobs.id });
      return deleted.length;
    },
  };
}
