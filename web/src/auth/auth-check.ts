// The startup auth check of spec 4, as a pure decision over one GET /api/auth/me answer.
import { currentPlanLabel, type Plan } from '@pictura/common/plan-catalog';
import type { MeResponse, SessionUser, Subscription } from '../api/auth.ts';

export type AuthCheckResult =
  | { kind: 'authenticated'; user: SessionUser }
  /** The server says not authenticated, or answered 401: token and cached user are cleared. */
  | { kind: 'rejected' }
  /** No answer within the time limit: the current state is kept. */
  | { kind: 'timeout' }
  /** The server could not be reached: the cached user is used when there is one. */
  | { kind: 'network' };

/** GET /api/auth/me with the bearer token and a time limit of its own (5 s in the spec). */
export async function checkAuth(token: string, timeoutMs: number): Promise<AuthCheckResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch('/api/auth/me', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (response.status === 401) return { kind: 'rejected' };
    if (!response.ok) return { kind: 'network' };
    const body = (await response.json()) as MeResponse;
    return body.authenticated && body.user
      ? { kind: 'authenticated', user: body.user }
      : { kind: 'rejected' };
  } catch {
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

export type PlanType = Plan | (string & {});

/**
 * Spec 3: plan_id is {plan}_{billing} (an old label maps to today's plan); the plan is that of any active
 * subscription, else free.
 */
export function planFromSubscriptions(subscriptions: readonly Subscription[]): PlanType {
  const active = subscriptions.find((subscription) => subscription.status === 'active');
  if (!active) return 'free';
  return currentPlanLabel(active.plan_id.split('_')[0] ?? '') || 'free';
}

/** Spec 6: user id 1, role admin, or the is_admin flag. */
export function isAdminUser(user: SessionUser | null): boolean {
  return !!user && (user.id === 1 || user.role === 'admin' || user.is_admin === true);
}
