// The fair queue (issue 17): nobody fills the queue for everyone behind them.
// - Each owner may hold a few unfinished jobs (waiting or running) at once: a guest per address
//   (GUEST_MAX_WAITING_JOBS, default 2), a user by plan (billing's maxWaitingJobs: free 4, premium 16;
//   PLAN_MAX_WAITING_JOBS here overrides them per plan). One
//   more is refused with RESOURCE_EXHAUSTED (HTTP 429) `too_many_waiting_jobs` and Retry-After; a job that
//   ends (completed, failed, cancelled) frees its slot at once.
// - The whole queue holds at most JOBS_MAX_WAITING unfinished jobs; past that every submission is shed with
//   UNAVAILABLE (HTTP 503) `queue_full` and Retry-After, before anything is recorded.
// Generations and upscales share both counts: all of it is work waiting for the same workers.
import { AppError } from '@pictura/common/app-error';
import type { QueueName } from '@pictura/common/queues';
import type { WaitingSlots } from './waiting-slots.repository.ts';

/** About one image's time: by then one of the owner's jobs has usually ended. */
export const OWNER_FULL_RETRY_AFTER_SECONDS = 10;
/** A full queue drains more slowly: come back in half a minute rather than adding to the crowd. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 30;

export interface FairQueueLimits {
  /** Unfinished jobs per guest address. */
  guestMaxWaiting: number;
  /** Unfinished jobs in the whole queue. */
  queueMaxWaiting: number;
  /** The operator's caps by plan name, in place of billing's (PLAN_MAX_WAITING_JOBS). */
  planMaxWaiting?: Readonly<Record<string, number>>;
}

export interface FairQueue {
  /**
   * Takes a slot for the job, or throws the refusal. `plan` is the user's entitlements (ignored for a guest);
   * a cap of 0 from an older billing that does not send one means the free plan's.
   */
  admit(
    submitter: { userId: number; clientAddress: string; plan: { plan: string; maxWaitingJobs: number } },
    job: { jobId: string; queueName: QueueName },
  ): Promise<void>;
  /** The job ended, or never made it onto the queue. */
  release(jobId: string): Promise<void>;
}

/** The free plan's cap, for a billing answer without one. */
const FALLBACK_PLAN_MAX_WAITING = 4;

const jobsWord = (count: number) => (count === 1 ? 'job' : 'jobs');

export function createFairQueue(slots: WaitingSlots, limits: FairQueueLimits): FairQueue {
  return {
    async admit({ userId, clientAddress, plan }, job) {
      const guest = userId === 0;
      const planCap =
        limits.planMaxWaiting?.[plan.plan] ?? (plan.maxWaitingJobs || FALLBACK_PLAN_MAX_WAITING);
      const ownerCap = guest ? limits.guestMaxWaiting : planCap;
      const answer = await slots.take(guest ? { guestAddress: clientAddress } : { userId }, job, {
        owner: ownerCap,
        queue: limits.queueMaxWaiting,
      });
      if (answer.taken) return;
      if (answer.full === 'queue') {
        throw new AppError(
          'unavailable',
          'Pictura is very busy right now and cannot take more work; please try again in a moment',
          'queue_full',
          QUEUE_FULL_RETRY_AFTER_SECONDS,
        );
      }
      const upgrade = guest ? ' (signing in raises the limit)' : '';
      throw new AppError(
        'resource_exhausted',
        `You have ${answer.held} ${jobsWord(answer.held)} waiting; wait for one to finish, then try again${upgrade}`,
        'too_many_waiting_jobs',
        OWNER_FULL_RETRY_AFTER_SECONDS,
      );
    },
    release: (jobId) => slots.release(jobId),
  };
}
