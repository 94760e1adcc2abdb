// The system settings form: one section per setting, errors beside their fields, a saved confirmation
// that says the change is live, and the server's refusal shown if it still refuses.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemSettings } from '../../api/admin.ts';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { useSaveSystemSettings } from '../../hooks/use-admin-settings.ts';
import { useModels } from '../../hooks/use-models.ts';
import { adminErrorText } from './admin-errors.ts';
import { formatCount } from './admin-format.ts';
import {
  changesFrom,
  type DraftErrors,
  type DraftField,
  draftFrom,
  SETTINGS_LIMITS,
  type SettingsDraft,
  validateDraft,
} from './settings-form-model.ts';

export function SystemSettingsForm({ saved }: { saved: SystemSettings }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const toast = useToast();
  const save = useSaveSystemSettings();
  const models = useModels('generate');
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(saved));
  const [showErrors, setShowErrors] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = {
    limit: useId(),
    limitHint: useId(),
    limitError: useId(),
    notice: useId(),
    noticeHint: useId(),
    noticeError: useId(),
    maxTags: useId(),
    maxTagsHint: useId(),
    maxTagsError: useId(),
  };

  // Another tab or admin saved: start again from what is stored.
  useEffect(() => setDraft(draftFrom(saved)), [saved]);

  const errors: DraftErrors = validateDraft(draft);
  const visibleErrors: DraftErrors = showErrors ? errors : {};
  const changes = changesFrom(draft, saved);
  const dirty = Object.keys(changes).length > 0;
  const noticeLength = draft.notice.trim().length;

  const edit = (patch: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSavedAt(null);
    setSaveError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const invalid = Object.keys(errors) as DraftField[];
    if (invalid.length > 0) {
      const first = { limit: ids.limit, notice: ids.notice, maxTags: ids.maxTags }[invalid[0]!];
      formRef.current?.querySelector<HTMLElement>(`[id="${first}"]`)?.focus();
      return;
    }
    if (!dirty) return;
    setSaveError(null);
    try {
      await save.mutateAsync(changes);
      setShowErrors(false);
      setSavedAt(Date.now());
      toast('success', t('settings.saved'));
    } catch (caught) {
      const text = adminErrorText(caught, 'settings.saveFailed');
      const message = 'key' in text ? t(text.key) : text.text;
      setSaveError(message);
      toast('error', message);
    }
  };

  const modelOptions = [
    { value: '', label: t('settings.modelBuiltIn') },
    ...(models.data ?? []).map((model) => ({ value: model.name, label: model.title || model.name })),
  ];
  if (draft.defaultModel && !modelOptions.some((option) => option.value === draft.defaultModel)) {
    modelOptions.push({
      value: draft.defaultModel,
      label: t('settings.modelUnavailable', { name: draft.defaultModel }),
    });
  }

  const errorText = (field: DraftField, id: string) =>
    visibleErrors[field] ? (
      <p id={id} className="settings-field__error">
        {t(`settings.errors.${visibleErrors[field]}`, {
          max: formatCount(
            field === 'limit'
              ? SETTINGS_LIMITS.guestPerMinuteMax
              : field === 'notice'
                ? SETTINGS_LIMITS.noticeMaxLength
                : SETTINGS_LIMITS.maxTagsMax,
            locale,
          ),
          min: formatCount(field === 'maxTags' ? SETTINGS_LIMITS.maxTagsMin : 0, locale),
        })}
      </p>
    ) : null;
  const describedBy = (field: DraftField, hint: string, error: string) =>
    [hint, visibleErrors[field] ? error : ''].filter(Boolean).join(' ');

  return (
    <form
      ref={formRef}
      className="admin-card settings-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <section className="settings-group" aria-labelledby="settings-guests">
        <h2 id="settings-guests" className="settings-group__title">
          {t('settings.guestsTitle')}
        </h2>
        <p className="settings-group__text">{t('settings.guestsText')}</p>
        <fieldset className="settings-radio">
          <legend className="field-label">{t('settings.limitLegend')}</legend>
          <label className="settings-radio__option">
            <input
              type="radio"
              name="guest-limit"
              checked={draft.limitMode === 'default'}
              onChange={() => edit({ limitMode: 'default' })}
            />
            <span>
              {t('settings.limitDefault', {
                value: formatCount(saved.anonymous_generate_per_minute_default, locale),
              })}
            </span>
          </label>
          <label className="settings-radio__option">
            <input
              type="radio"
              name="guest-limit"
              checked={draft.limitMode === 'custom'}
              onChange={() => edit({ limitMode: 'custom' })}
            />
            <span>{t('settings.limitCustom')}</span>
          </label>
        </fieldset>
        {draft.limitMode === 'custom' ? (
          <div className="settings-field settings-field--narrow">
            <label htmlFor={ids.limit} className="field-label">
              {t('settings.limitLabel')}
            </label>
            <input
              id={ids.limit}
              className="text-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={SETTINGS_LIMITS.guestPerMinuteMax}
              step={1}
              value={draft.limit}
              aria-invalid={visibleErrors.limit ? true : undefined}
              aria-describedby={describedBy('limit', ids.limitHint, ids.limitError)}
              onChange={(event) => edit({ limit: event.target.value })}
            />
            <p id={ids.limitHint} className="field-hint">
              {t('settings.limitHint', { max: formatCount(SETTINGS_LIMITS.guestPerMinuteMax, locale) })}
            </p>
            {errorText('limit', ids.limitError)}
          </div>
        ) : null}
      </section>

      <section className="settings-group" aria-labelledby="settings-notice">
        <h2 id="settings-notice" className="settings-group__title">
          {t('settings.noticeTitle')}
        </h2>
        <p className="settings-group__text">{t('settings.noticeText')}</p>
        <div className="settings-field">
          <label htmlFor={ids.notice} className="field-label">
            {t('settings.noticeLabel')}
          </label>
          <textarea
            id={ids.notice}
            className="text-input"
            rows={3}
            dir="auto"
            value={draft.notice}
            placeholder={t('settings.noticePlaceholder')}
            aria-invalid={visibleErrors.notice ? true : undefined}
            aria-describedby={describedBy('notice', ids.noticeHint, ids.noticeError)}
            onChange={(event) => edit({ notice: event.target.value })}
          />
          <p id={ids.noticeHint} className="field-hint">
            {t('settings.noticeCounter', {
              length: formatCount(noticeLength, locale),
              max: formatCount(SETTINGS_LIMITS.noticeMaxLength, locale),
            })}
          </p>
          {errorText('notice', ids.noticeError)}
        </div>
        {draft.notice.trim() ? (
          <div className="settings-preview">
            <AlertIcon />
            <span>
              <span className="visually-hidden">{t('settings.noticePreview')}: </span>
              {draft.notice.trim()}
            </span>
          </div>
        ) : null}
      </section>

      <section className="settings-group" aria-labelledby="settings-generation">
        <h2 id="settings-generation" className="settings-group__title">
          {t('settings.generationTitle')}
        </h2>
        <p className="settings-group__text">{t('settings.generationText')}</p>
        <SelectField
          label={t('settings.modelLabel')}
          options={modelOptions}
          value={draft.defaultModel}
          onChange={(value) => edit({ defaultModel: value })}
        />
      </section>

      <section className="settings-group" aria-labelledby="settings-community">
        <h2 id="settings-community" className="settings-group__title">
          {t('settings.communityTitle')}
        </h2>
        <div className="settings-field settings-field--narrow">
          <label htmlFor={ids.maxTags} className="field-label">
            {t('settings.maxTagsLabel')}
          </label>
          <input
            id={ids.maxTags}
            className="text-input"
            type="number"
            inputMode="numeric"
            min={SETTINGS_LIMITS.maxTagsMin}
            max={SETTINGS_LIMITS.maxTagsMax}
            step={1}
            value={draft.maxTags}
            aria-invalid={visibleErrors.maxTags ? true : undefined}
            aria-describedby={describedBy('maxTags', ids.maxTagsHint, ids.maxTagsError)}
            onChange={(event) => edit({ maxTags: event.target.value })}
          />
          <p id={ids.maxTagsHint} className="field-hint">
            {t('settings.maxTagsHint', {
              min: formatCount(SETTINGS_LIMITS.maxTagsMin, locale),
              max: formatCount(SETTINGS_LIMITS.maxTagsMax, locale),
            })}
          </p>
          {errorText('maxTags', ids.maxTagsError)}
        </div>
      </section>

      <div className="settings-form__footer">
        <button type="submit" className="button button--primary" disabled={save.isPending || !dirty}>
          {save.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setDraft(draftFrom(saved));
            setShowErrors(false);
            setSaveError(null);
          }}
        >
          {t('settings.discard')}
        </button>
        <p
          role="status"
          className={
            savedAt && !dirty ? 'settings-form__status settings-form__status--saved' : 'settings-form__status'
          }
        >
          {savedAt && !dirty ? (
            <>
              <CheckIcon />
              {t('settings.savedApplied')}
            </>
          ) : dirty ? (
            t('settings.unsaved')
          ) : null}
        </p>
      </div>
      {saveError ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <span className="notice__body">{saveError}</span>
        </div>
      ) : null}
    </form>
  );
}
