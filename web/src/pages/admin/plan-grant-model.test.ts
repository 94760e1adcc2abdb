import { describe, expect, it } from 'vitest';
import { earliestEndDate, initialGrantForm, planGrantInput } from './plan-grant-model.ts';

const now = new Date('2030-03-10T15:00:00Z');

describe('the grant plan form', () => {
  it('sends a year of Enterprise by default', () => {
    expect(planGrantInput(initialGrantForm(), now)).toEqual({
      ok: true,
      input: { plan: 'enterprise', months: 12 },
    });
  });

  it('accepts 1 to 36 whole months and nothing else', () => {
    const months = (value: string) => planGrantInput({ ...initialGrantForm('premium'), months: value }, now);
    expect(months('1')).toMatchObject({ ok: true, input: { plan: 'premium', months: 1 } });
    expect(months('36')).toMatchObject({ ok: true, input: { months: 36 } });
    for (const bad of ['0', '37', '1.5', '-2', '', 'a year']) {
      expect(months(bad)).toEqual({ ok: false, field: 'months', errorKey: 'users.grant.monthsInvalid' });
    }
  });

  it('accepts an end date from tomorrow on', () => {
    const until = (value: string) =>
      planGrantInput(
        { ...initialGrantForm('ultimate'), period: 'until', until: value, note: ' Partner ' },
        now,
      );
    expect(earliestEndDate(now)).toBe('2030-03-11');
    expect(until('2030-03-11')).toEqual({
      ok: true,
      input: { plan: 'ultimate', ends_at: '2030-03-11', note: 'Partner' },
    });
    for (const bad of ['2030-03-10', '2029-12-31', '']) {
      expect(until(bad)).toEqual({ ok: false, field: 'until', errorKey: 'users.grant.untilInvalid' });
    }
  });

  it('refuses a note over 500 characters', () => {
    expect(planGrantInput({ ...initialGrantForm(), note: 'x'.repeat(501) }, now)).toMatchObject({
      ok: false,
      field: 'note',
    });
    expect(planGrantInput({ ...initialGrantForm(), note: 'x'.repeat(500) }, now)).toMatchObject({ ok: true });
  });
});
