// The "Grant plan" form's rules, checked before sending (billing checks them again): a paid plan, 1 to 36
// months or an end date after today, a note of at most 500 characters.
import { GRANT_MONTHS, GRANT_NOTE_MAX, GRANTABLE_PLANS } from '@pictura/common/plan-catalog';
import type { GrantablePlan, PlanGrantInput } from '../../api/admin.ts';

export { GRANT_NOTE_MAX, GRANTABLE_PLANS };
export const GRANT_MONTHS_MAX = GRANT_MONTHS.max;
/** A year: what an Enterprise contract usually runs, and the one-click grant from a sales request. */
export const DEFAULT_GRANT_MONTHS = 12;

export interface PlanGrantForm {
  plan: GrantablePlan;
  period: 'months' | 'until';
  /** As typed. */
  months: string;
  /** YYYY-MM-DD from a date input; empty when none was picked. */
  until: string;
  note: string;
}

export const initialGrantForm = (plan: GrantablePlan = 'enterprise'): PlanGrantForm => ({
  plan,
  period: 'months',
  months: String(DEFAULT_GRANT_MONTHS),
  until: '',
  note: '',
});

/** YYYY-MM-DD of the day after `now` in UTC: the earliest end date the form offers. */
export function earliestEndDate(now: Date): string {
  const next = new Date(now.getTime() + 24 * 3600_000);
  return next.toISOString().slice(0, 10);
}

export type GrantFormResult =
  | { ok: true; input: PlanGrantInput }
  | { ok: false; field: 'months' | 'until' | 'note'; errorKey: string };

export function planGrantInput(form: PlanGrantForm, now: Date): GrantFormResult {
  const note = form.note.trim();
  if (note.length > GRANT_NOTE_MAX) return { ok: false, field: 'note', errorKey: 'users.grant.noteTooLong' };
  if (form.period === 'months') {
    const months = Number(form.months);
    if (!/^\d+$/.test(form.months.trim()) || months < GRANT_MONTHS.min || months > GRANT_MONTHS_MAX) {
      return { ok: false, field: 'months', errorKey: 'users.grant.monthsInvalid' };
    }
    return { ok: true, input: { plan: form.plan, months, ...(note ? { note } : {}) } };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.until) || form.until < earliestEndDate(now)) {
    return { ok: false, field: 'until', errorKey: 'users.grant.untilInvalid' };
  }
  return { ok: true, input: { plan: form.plan, ends_at: form.until, ...(note ? { note } : {}) } };
}
