// The audit log page's pure parts: the actions it names, and an entry's before/after as rows of changes.

/** Every action the services record (services/<svc>: audit entries), in the filter's order. */
export const AUDIT_ACTIONS: readonly string[] = [
  'user.ban',
  'user.unban',
  'user.promote',
  'user.demote',
  'user.password_reset',
  'report.approve',
  'report.reject',
  'report.reopen',
  'post.hide',
  'post.restore',
  'post.delete',
  'appeal.restore',
  'appeal.uphold',
  'settings.update',
  'model.set_default',
  'model.install',
  'model.remove',
  'plan.grant',
  'plan.end_grant',
  'support_request.answer',
  'support_request.reopen',
];

/** The translation key of an action (i18next reads dots as nesting). */
export const actionKey = (action: string) => action.replaceAll('.', '_');

export interface FieldChange {
  field: string;
  /** Undefined when the entry has no "before" for the field (a creation). */
  before?: unknown;
  /** Undefined when the entry has no "after" for the field (a deletion). */
  after?: unknown;
  /** Named for context (a post's title), not changed: shown once, without "before". */
  same: boolean;
}

/** One row per field named in before or after, in the order they first appear. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const had = before !== null && field in before;
    const has = after !== null && field in after;
    return {
      field,
      ...(had ? { before: before[field] } : {}),
      ...(has ? { after: after[field] } : {}),
      same: had && has && JSON.stringify(before[field]) === JSON.stringify(after[field]),
    };
  });
}

/** A stored value as an admin reads it: text as is, empty or null as `none`, other values as JSON. */
export function formatValue(value: unknown, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
