// Plans given by an administrator (an Enterprise customer after a sales conversation, a partner, a
// goodwill month): a subscription with provider "grant" and no payment provider behind it. Entitlements
// come from it as from a paid one; it expires at its end like a test subscription (no one renews it), and
// the user's billing history shows it with a payment of 0. Only admins grant; billing asks auth who is one.
import { randomUUID } from 'node:crypto';
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import { CURRENCY, GRANT_MONTHS, GRANT_NOTE_MAX, GRANTABLE_PLANS } from '@pictura/common/plan-catalog';
import type { SubscriptionRow } from './db/schema.ts';
import type { Ledger } from './ledger.repository.ts';

export const GRANT_PROVIDER = 'grant';

export interface GrantInput {
  callerId: number;
  userId: number;
  plan: string;
  /** 1 to 36; 0 when `endsAt` is given. */
  months: number;
  /** ISO 8601; used when `months` is 0. */
  endsAt: string;
  note: string;
}

const invalid = (message: string, reason: string) => new AppError('invalid_argument', message, reason);

const isGrantable = (plan: string): plan is (typeof GRANTABLE_PLANS)[number] =>
  (GRANTABLE_PLANS as readonly string[]).includes(plan);

/** The same day of the month `months` later (clamped to the month's last day, as 31 Jan + 1 → 28 Feb). */
export function addMonths(from: Date, months: number): Date {
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** When a grant ends, from exactly one of months or an end date. */
function grantEnd(input: Pick<GrantInput, 'months' | 'endsAt'>, now: Date): Date {
  const endsAt = input.endsAt.trim();
  if (input.months && endsAt)
    throw invalid('Give either months or ends_at, not both', 'invalid_grant_period');
  if (!input.months && !endsAt) throw invalid('Give months (1 to 36) or ends_at', 'invalid_grant_period');
  if (input.months) {
    if (
      !Number.isInteger(input.months) ||
      input.months < GRANT_MONTHS.min ||
      input.months > GRANT_MONTHS.max
    ) {
      throw invalid(`months must be ${GRANT_MONTHS.min} to ${GRANT_MONTHS.max}`, 'invalid_months');
    }
    return addMonths(now, input.months);
  }
  const end = new Date(endsAt);
  if (Number.isNaN(end.getTime())) throw invalid('ends_at must be a date (YYYY-MM-DD)', 'invalid_ends_at');
  if (end.getTime() <= now.getTime()) throw invalid('ends_at must be in the future', 'ends_at_in_past');
  return end;
}

export function createPlanGrantsService(deps: { ledger: Ledger; admins: AdminCheck; clock: () => Date }) {
  const { ledger, admins, clock } = deps;
  return {
    async grant(input: GrantInput): Promise<SubscriptionRow> {
      await admins.requireAdmin(input.callerId);
      if (!input.userId) throw invalid('user_id is required', 'invalid_user');
      const plan = input.plan.trim().toLowerCase();
      if (!isGrantable(plan)) {
        throw invalid(`Unknown plan: choose ${GRANTABLE_PLANS.join(', ')}`, 'unknown_plan');
      }
      const note = input.note.trim();
      if (note.length > GRANT_NOTE_MAX) {
        throw invalid(`note must be at most ${GRANT_NOTE_MAX} characters`, 'note_too_long');
      }
      const now = clock();
      const end = grantEnd(input, now);
      const ref = `grant_${randomUUID()}`;
      const planId = `${plan}_grant`;
      return ledger.transaction(async (tx) => {
        const row = await tx.subscriptions.insert({
          userId: input.userId,
          planId,
          status: 'active',
          currentPeriodEnd: end,
          // Nothing renews a grant: it ends on its date, and the user sees "ends on", not "renews on".
          cancelAtPeriodEnd: true,
          provider: GRANT_PROVIDER,
          providerSubscriptionId: ref,
          checkoutId: null,
          stateAt: now,
          grantedBy: input.callerId,
          grantNote: note,
        });
        // The billing history the user sees lists it as a payment of 0 by the grant "provider".
        await tx.payments.record({
          userId: input.userId,
          subscriptionId: row.id,
          checkoutId: null,
          orderId: `ord_${ref}`,
          planId,
          amountCents: 0,
          currency: CURRENCY,
          status: 'paid',
          provider: GRANT_PROVIDER,
          providerRef: ref,
          createdAt: now,
        });
        await tx.audit.record({
          actorId: input.callerId,
          action: 'plan.grant',
          targetType: 'user',
          targetId: String(input.userId),
          before: null,
          after: { subscription_id: row.id, plan: planId, ends_at: end.toISOString(), note },
        });
        return row;
      });
    },

    /** Ends a grant now; the record stays in the user's history, expired. */
    async end(callerId: number, userId: number, subscriptionId: number): Promise<SubscriptionRow> {
      await admins.requireAdmin(callerId);
      const row = userId ? await ledger.subscriptions.findOwned(userId, subscriptionId) : undefined;
      if (!row || row.provider !== GRANT_PROVIDER) {
        throw new AppError('not_found', 'Grant not found', 'grant_not_found');
      }
      const now = clock();
      if (row.status !== 'active' || (row.currentPeriodEnd && row.currentPeriodEnd <= now)) return row;
      return ledger.transaction(async (tx) => {
        const ended = await tx.subscriptions.applyState(row.id, {
          status: 'active',
          currentPeriodEnd: now,
          cancelAtPeriodEnd: true,
        });
        await tx.audit.record({
          actorId: callerId,
          action: 'plan.end_grant',
          targetType: 'user',
          targetId: String(userId),
          before: {
            subscription_id: row.id,
            plan: row.planId,
            ends_at: row.currentPeriodEnd?.toISOString() ?? null,
          },
          after: { subscription_id: row.id, plan: row.planId, ends_at: now.toISOString() },
        });
        return ended;
      });
    },
  };
}

export type PlanGrantsService = ReturnType<typeof createPlanGrantsService>;
