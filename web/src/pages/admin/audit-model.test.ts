import { describe, expect, it } from 'vitest';
import { actionKey, changedFields, formatValue } from './audit-model.ts';

describe('the audit log page model', () => {
  it('lists every field named before or after, once, with what it was and became', () => {
    expect(changedFields({ title: 'Fox', hidden: false }, { title: 'Fox', hidden: true })).toEqual([
      { field: 'title', before: 'Fox', after: 'Fox', same: true },
      { field: 'hidden', before: false, after: true, same: false },
    ]);
    expect(changedFields(null, { plan: 'premium_grant' })).toEqual([
      { field: 'plan', after: 'premium_grant', same: false },
    ]);
    expect(changedFields({ title: 'Gone' }, null)).toEqual([{ field: 'title', before: 'Gone', same: false }]);
    expect(changedFields(null, null)).toEqual([]);
  });

  it('shows text as typed, nothing as the placeholder, and other values as JSON', () => {
    expect(formatValue('Back soon', '—')).toBe('Back soon');
    expect(formatValue('', '—')).toBe('—');
    expect(formatValue(null, '—')).toBe('—');
    expect(formatValue(8, '—')).toBe('8');
    expect(formatValue(true, '—')).toBe('true');
  });

  it('turns an action into a translation key without nesting', () => {
    expect(actionKey('support_request.answer')).toBe('support_request_answer');
  });
});
