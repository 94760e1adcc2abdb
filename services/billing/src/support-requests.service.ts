// Enterprise "contact sales" and support requests, stored with the sender's plan so paid customers are
// answered first. Guests may ask sales; support is for signed-in users. Only admins read the list.

import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import { pageLimit } from '@pictura/common/cursor';
import type { PlanEntitlements } from '@pictura/common/plan-catalog';
import { SUPPORT_REQUEST_STATUSES, type SupportRequestRow, type SupportRequestStatus } from './db/schema.ts';
import { planRank } from './plans.ts';
import type { SupportRequestsRepository } from './support-requests.repository.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/;
const LIMITS = { name: 100, email: 254, company: 100, message: 5000 };

/** new or answered; '' (any) only where `anyAllowed`. */
function statusOf(value: string, anyAllowed: boolean): SupportRequestStatus | undefined {
  if (value === '' && anyAllowed) return undefined;
  if ((SUPPORT_REQUEST_STATUSES as readonly string[]).includes(value)) return value as SupportRequestStatus;
  throw new AppError('invalid_argument', 'Status must be new or answered', 'invalid_status');
}

export interface SupportRequestInput {
  userId: number;
  kind: string;
  name: string;
  email: string;
  company: string;
  message: string;
}

export function createSupportRequestsService(deps: {
  requests: SupportRequestsRepository;
  entitlements: (userId: number) => Promise<PlanEntitlements>;
  admins: AdminCheck;
  clock: () => Date;
}) {
  const invalid = (message: string, reason: string) => new AppError('invalid_argument', message, reason);

  return {
    deleteUserData: (userId: number) => deps.requests.deleteAllOf(userId),

    async create(input: SupportRequestInput): Promise<SupportRequestRow> {
      if (input.kind !== 'sales' && input.kind !== 'support')
        throw invalid('kind must be sales or support', 'invalid_kind');
      if (input.kind === 'support' && input.userId === 0) {
        throw new AppError('unauthenticated', 'Please login first', 'unauthenticated');
      }
      const name = input.name.trim();
      const email = input.email.trim();
      const company = input.company.trim();
      const message = input.message.trim();
      if (!name || name.length > LIMITS.name)
        throw invalid(`Please enter your name (at most ${LIMITS.name} characters)`, 'invalid_name');
      if (email.length > LIMITS.email || !EMAIL.test(email))
        throw invalid('Please enter a valid e-mail address', 'invalid_email');
      if (company.length > LIMITS.company)
        throw invalid(`company must be at most ${LIMITS.company} characters`, 'invalid_company');
      if (!message || message.length > LIMITS.message) {
        throw invalid(`Please enter a message (at most ${LIMITS.message} characters)`, 'invalid_message');
      }
      const { plan } = await deps.entitlements(input.userId);
      return deps.requests.insert({
        kind: input.kind,
        userId: input.userId,
        name,
        email,
        company,
        message,
        plan,
        planRank: planRank(plan),
        createdAt: deps.clock(),
      });
    },

    async list(callerId: number, cursor: string, limit: number, status = '') {
      await deps.admins.requireAdmin(callerId);
      return deps.requests.page(cursor, pageLimit(limit, 100, 20), statusOf(status, true));
    },

    async setStatus(callerId: number, id: number, status: string): Promise<SupportRequestRow> {
      await deps.admins.requireAdmin(callerId);
      const wanted = statusOf(status, false);
      const row = id > 0 && wanted ? await deps.requests.setStatus(id, wanted, callerId) : undefined;
      if (!row) throw new AppError('not_found', 'Support request not found', 'support_request_not_found');
      return row;
    },
  };
}

export type SupportRequestsService = ReturnType<typeof createSupportRequestsService>;
