// The gateway's gRPC clients, one per internal service it calls.
import type { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import type { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import type { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import type { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import type { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';

export type JobsClient = ServiceClient<typeof JobsService>;
export type AuthClient = ServiceClient<typeof AuthService>;
export type HistoryClient = ServiceClient<typeof HistoryService>;
export type CommunityClient = ServiceClient<typeof CommunityService>;
export type BillingClient = ServiceClient<typeof BillingService>;

/** The services behind the gateway's product routes (each also deletes a user's data with the account). */
export interface ServiceClients {
  history: HistoryClient;
  community: CommunityClient;
  billing: BillingClient;
}
