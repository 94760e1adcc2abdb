// The gateway's gRPC clients, one per internal service it calls.
import type { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import type { JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ServiceClient } from '@pictura/common/grpc-types';

export type JobsClient = ServiceClient<typeof JobsService>;
export type AuthClient = ServiceClient<typeof AuthService>;
