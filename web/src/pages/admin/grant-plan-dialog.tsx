// "Grant plan" on a user row: a paid plan for some months or until a date, with a note for administrators.
// The user gets the plan's entitlements at once (Enterprise: API keys) and sees it in their billing history.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../api/admin.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useGrantPlan } from '../../hooks/use-admin-users.ts';
import { adminErrorText } from './admin-errors.ts';
import { formatDate } from './admin-format.ts';
import {
  earliestEndDate,
  GRANT_MONTHS_MAX,
  GRANT_NOTE_MAX,
  GRANTABLE_PLANS,
  initialGrantForm,
  type PlanGrantForm,
  planGrantInput,
} from './plan-grant-model.ts';

export function GrantPlanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const toast = useToast();
  const grant = useGrantPlan();
  const [form, setForm] = useState<PlanGrantForm>(() => initialGrantForm());
  const [invalid, setInvalid] = useState<{ field: string; errorKey: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { months: useId(), until: useId(), note: useId(), noteHint: useId(), error: useId() };
  const name = user.name || user.username;
  const planName = (plan: string) => t(`plans.${plan}`);
  const edit = (change: Partial<PlanGrantForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setInvalid(null);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const checked = planGrantInput(form, new Date());
    if (!checked.ok) return setInvalid(checked);
    setFailure(null);
    grant.mutate(
      { userId: user.id, input: checked.input },
      {
        onSuccess: (granted) => {
          toast(
            'success',
            t('users.grant.done', {
              name,
              plan: planName(form.plan),
              date: granted.ends_at ? formatDate(granted.ends_at, i18n.language) : '',
            }),
          );
          onClose();
        },
        onError: (caught) => {
          const text = adminErrorText(caught, 'users.grant.failed');
          setFailure('key' in text ? t(text.key) : text.text);
        },
      },
    );
  };

  const fieldError = (field: string) =>
    invalid?.field === field ? (
      <p id={ids.error} className="field-error" role="alert">
        {t(invalid.errorKey, { max: field === 'note' ? GRANT_NOTE_MAX : GRANT_MONTHS_MAX })}
      </p>
    ) : null;
  const describedBy = (field: string, hint?: string) =>
    [invalid?.field === field ? ids.error : '', hint ?? ''].join(' ').trim() || undefined;

  return (
    <ConfirmDialog
      title={t('users.grant.title', { name })}
      text={t('users.grant.text', { name })}
      confirmLabel={t('users.grant.button')}
      cancelLabel={t('common.cancel')}
      tone="primary"
      busy={grant.isPending}
      error={failure}
      onConfirm={() => submit()}
      onCancel={onClose}
    >
      <form className="grant-form" onSubmit={submit} noValidate>
        <SelectField
          label={t('users.grant.plan')}
          options={GRANTABLE_PLANS.map((plan) => ({ value: plan, label: planName(plan) }))}
          value={form.plan}
          onChange={(plan) => edit({ plan })}
        />
        <ChoiceGroup
          legend={t('users.grant.period')}
          name="grant-period"
          variant="segmented"
          choices={[
            { value: 'months', label: t('users.grant.forMonths') },
            { value: 'until', label: t('users.grant.untilDate') },
          ]}
          value={form.period}
          onChange={(period) => edit({ period })}
        />
        {form.period === 'months' ? (
          <div className="field">
            <label htmlFor={ids.months} className="field-label">
              {t('users.grant.months', { max: GRANT_MONTHS_MAX })}
            </label>
            <input
              id={ids.months}
              className="text-input grant-form__months"
              type="number"
              inputMode="numeric"
              min={1}
              max={GRANT_MONTHS_MAX}
              value={form.months}
              aria-invalid={invalid?.field === 'months' ? true : undefined}
              aria-describedby={describedBy('months')}
              onChange={(event) => edit({ months: event.target.value })}
            />
            {fieldError('months')}
          </div>
        ) : (
          <div className="field">
            <label htmlFor={ids.until} className="field-label">
              {t('users.grant.until')}
            </label>
            <input
              id={ids.until}
              className="text-input grant-form__date"
              type="date"
              min={earliestEndDate(new Date())}
              value={form.until}
              aria-invalid={invalid?.field === 'until' ? true : undefined}
              aria-describedby={describedBy('until')}
              onChange={(event) => edit({ until: event.target.value })}
            />
            {fieldError('until')}
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.note} className="field-label">
            {t('users.grant.note')}
          </label>
          <textarea
            id={ids.note}
            className="text-input"
            rows={3}
            value={form.note}
            placeholder={t('users.grant.notePlaceholder')}
            aria-invalid={invalid?.field === 'note' ? true : undefined}
            aria-describedby={describedBy('note', ids.noteHint)}
            onChange={(event) => edit({ note: event.target.value })}
          />
          <p id={ids.noteHint} className="field-hint">
            {t('users.grant.noteHint', { length: form.note.trim().length, max: GRANT_NOTE_MAX })}
          </p>
          {fieldError('note')}
        </div>
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </ConfirmDialog>
  );
}
