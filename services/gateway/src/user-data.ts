// Account deletion across services: the gateway is the one caller of every service, so it fans out.
//
// What goes, by service: jobs (job records with their prompts, queued payloads, webhook secret and
// deliveries), history (items and the images only they held), community (the user's posts, likes, views
// and reports), billing (support requests deleted; subscriptions, payments and checkouts kept as the
// accounting record, subscriptions marked as a deleted account's), and last auth (the account with its
// credentials, sessions, API keys and e-mail tokens, by cascade). Every call is idempotent, and the account
// row goes only after every service has answered, so a service that is down leaves a working account whose
// owner tries again, never a half-deleted one nobody can reach.
import { AppError } from '@pictura/common/app-error';
import type { JobsClient, ServiceClients } from './clients.ts';

/** The services that hold a user's data beside auth. */
export type UserDataClients = ServiceClients & { jobs: JobsClient };

export interface DeletedUserData {
  jobs: number;
  historyItems: number;
  deletedFiles: number;
  posts: number;
}

/**
 * Asks every service to delete (billing: detach) the user's data, all at once; each one that fails is named
 * in the log and the whole call fails with 503, so the caller keeps the account and may repeat it.
 */
export async function deleteUserData(
  clients: UserDataClients,
  userId: number,
  requestId: string,
  log: { warn(details: object, message: string): void },
): Promise<DeletedUserData> {
  const options = { requestId };
  const [jobs, history, community, billing] = await Promise.allSettled([
    clients.jobs.deleteUserData({ userId }, options),
    clients.history.deleteUserData({ userId }, options),
    clients.community.deleteUserData({ userId }, options),
    clients.billing.deleteUserData({ userId }, options),
  ]);
  const failed = Object.entries({ jobs, history, community, billing }).filter(
    ([, outcome]) => outcome.status === 'rejected',
  );
  if (failed.length || jobs.status !== 'fulfilled' || history.status !== 'fulfilled') {
    for (const [service, outcome] of failed) {
      log.warn({ userId, service, err: (outcome as PromiseRejectedResult).reason }, 'user data not deleted');
    }
    throw new AppError(
      'unavailable',
      'Your data could not all be deleted just now; your account is kept. Please try again in a minute.',
      'deletion_incomplete',
    );
  }
  return {
    jobs: jobs.value.deletedJobs,
    historyItems: history.value.deletedItems,
    deletedFiles: history.value.deletedFiles,
    posts: community.status === 'fulfilled' ? community.value.deletedPosts : 0,
  };
}
