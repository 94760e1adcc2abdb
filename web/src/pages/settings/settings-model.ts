// The settings page's rules, apart from React: profile validation, which plan changes count as upgrades,
// who sees API keys, what confirms an account deletion, and how server refusals read.
import { BILLING_PERIODS, type BillingPeriod, PAID_PLANS } from '@pictura/common/plan-catalog';
import type { SessionUser } from '../../api/auth.ts';
import { ApiError } from '../../api/http.ts';
import type { SubscriptionRecord } from '../../api/subscriptions.ts';

/** The auth service's limits (services/auth/src/account-rules.ts). */
export const NAME_MAX = 64;
export const AVATAR_URL_MAX = 2048;
export const API_KEY_NAME_MAX = 64;

export type ProfileNameError = 'nameRequired' | 'nameTooLong';

export function profileNameError(name: string): ProfileNameError | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'nameRequired';
  if (trimmed.length > NAME_MAX) return 'nameTooLong';
  return null;
}

export type AvatarLinkError = 'avatarNotHttps' | 'avatarTooLong';

/** An avatar link is an https address (an uploaded image is a /files/… path the upload gives us). */
export function avatarLinkError(link: string): AvatarLinkError | null {
  const trimmed = link.trim();
  if (trimmed.length > AVATAR_URL_MAX) return 'avatarTooLong';
  try {
    if (new URL(trimmed).protocol === 'https:') return null;
  } catch {}
  return 'avatarNotHttps';
}

/** Only what changed is sent; null when nothing did. */
export function profileChanges(
  saved: { name: string; avatar: string },
  draft: { name: string; avatar: string },
): { name?: string; avatar?: string } | null {
  const changes: { name?: string; avatar?: string } = {};
  if (draft.name.trim() !== saved.name) changes.name = draft.name.trim();
  if (draft.avatar.trim() !== saved.avatar) changes.avatar = draft.avatar.trim();
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * What the user types to confirm deleting the account: the username, or for an account made with Google
 * (which has none) the e-mail address, else the name.
 */
export function deletionPhrase(user: Pick<SessionUser, 'username' | 'email' | 'name' | 'id'>): string {
  return user.username || user.email || user.name || String(user.id);
}

export function confirmsDeletion(typed: string, phrase: string): boolean {
  return typed.trim() === phrase;
}

/** The subscription that decides the plan: the newest active one (the list comes newest first). */
export function currentSubscription(records: readonly SubscriptionRecord[]): SubscriptionRecord | null {
  return records.find((record) => record.status === 'active') ?? null;
}

/** The plans sold by checkout, cheapest first (the catalogue's order). */
const PLAN_RANK: Record<string, number> = Object.fromEntries(
  PAID_PLANS.map((plan, rank) => [plan, rank + 1]),
);
const PERIODS = BILLING_PERIODS;

export interface PlanChoice {
  planId: string;
  plan: string;
  period: BillingPeriod;
}

export function planChoiceOf(planId: string): PlanChoice | null {
  const [plan = '', period = ''] = planId.split('_');
  if (!Object.hasOwn(PLAN_RANK, plan) || !(PERIODS as readonly string[]).includes(period)) return null;
  return { planId, plan, period: period as PlanChoice['period'] };
}

/**
 * The plans a subscription can move up to (billing's rule): a higher plan without going from yearly back to
 * monthly, or the same plan from monthly to yearly. Cheapest step first.
 */
export function upgradeTargets(planId: string): PlanChoice[] {
  const from = planChoiceOf(planId);
  if (!from) return [];
  const targets: PlanChoice[] = [];
  for (const plan of Object.keys(PLAN_RANK)) {
    for (const period of PERIODS) {
      const higherPlan =
        PLAN_RANK[plan]! > PLAN_RANK[from.plan]! && !(from.period === 'yearly' && period === 'monthly');
      const longerPeriod = plan === from.plan && from.period === 'monthly' && period === 'yearly';
      if (higherPlan || longerPeriod) targets.push({ planId: `${plan}_${period}`, plan, period });
    }
  }
  return targets;
}

/** API access is the Enterprise plan's (billing decides), and administrators always have it. */
export function hasApiAccess(isAdmin: boolean, plan: string): boolean {
  return isAdmin || plan === 'enterprise';
}

/** Amounts are integer cents; the history always shows two decimals ($12.00). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency || 'USD' }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** The server's refusals this page knows, by code, as keys under `errors` of the settings namespace. */
const ERROR_KEYS: Record<string, string> = {
  invalid_name: 'errors.invalidName',
  invalid_avatar: 'errors.invalidAvatar',
  api_access_required: 'errors.apiAccessRequired',
  too_many_keys: 'errors.tooManyKeys',
  invalid_key_name: 'errors.invalidKeyName',
  not_an_upgrade: 'errors.notAnUpgrade',
  subscription_not_active: 'errors.subscriptionNotActive',
  subscription_not_found: 'errors.subscriptionNotActive',
  api_key_not_found: 'errors.keyNotFound',
  webhook_url_refused: 'errors.webhookUrlRefused',
  provider_unavailable: 'errors.operationFailed',
};

/** A translation key for a failed call: the server's refusal when known, else the given fallback. */
export function errorKey(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return ERROR_KEYS[error.code] ?? fallback;
  return fallback;
}
