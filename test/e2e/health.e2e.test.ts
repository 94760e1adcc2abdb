// Each service started on its own (embedded PGlite, no other service running) answers its gRPC health check.

import { Health, HealthCheckResponse_ServingStatus } from '@pictura/common/gen/grpc/health/v1/health_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { afterAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

const SERVICES = [
  ['auth', 'AUTH_ADDR', 'auth.v1.AuthService'],
  ['billing', 'BILLING_ADDR', 'billing.v1.BillingService'],
  ['community', 'COMMUNITY_ADDR', 'community.v1.CommunityService'],
  ['history', 'HISTORY_ADDR', 'history.v1.HistoryService'],
  ['jobs', 'JOBS_ADDR', 'jobs.v1.JobsService'],
] as const;

describe.each(SERVICES)('%s started alone', (name, addressVariable, serviceName) => {
  let stack: Stack | undefined;
  afterAll(() => stack?.stop());

  it('answers SERVING for the server and for its service', async () => {
    stack = await startStack({ processes: [name], database: 'pglite' });
    const health = createServiceClient(Health, stack.env[addressVariable]!, { deadlineMs: 3000 });
    expect((await health.check({ service: '' })).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    expect((await health.check({ service: serviceName })).status).toBe(
      HealthCheckResponse_ServingStatus.SERVING,
    );
    health.close();
  }, 120_000);
});
