// The report form: a reason (spam, nudity, violence, copyright, other) and details, required for "other".
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '../../api/community.ts';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.tsx';
import { AlertIcon, FlagIcon } from '../../components/icons.tsx';
import { clampText, textLength } from '../../components/publish-post-model.ts';
import { useToast } from '../../components/toast.tsx';
import { useReportPost } from '../../hooks/use-post-actions.ts';
import { REPORT_DETAILS_MAX, reportErrorKey } from './community-model.ts';

export function ReportDialog({
  postId,
  postTitle,
  onClose,
}: {
  postId: string;
  postTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('community');
  const toast = useToast();
  const report = useReportPost();
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const ids = { heading: useId(), details: useId(), counter: useId(), error: useId(), reasons: useId() };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCallback(() => {
    if (!report.isPending) onClose();
  }, [onClose, report.isPending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setError(t('report.errors.reasonRequired'));
      return;
    }
    if (reason === 'other' && details.trim() === '') {
      setError(t('report.errors.detailsRequired'));
      detailsRef.current?.focus();
      return;
    }
    setError(null);
    report.mutate(
      { id: postId, report: { reason, details: details.trim() } },
      {
        onSuccess: () => {
          toast('success', t('report.success'));
          onClose();
        },
        onError: (caught) => setError(t(reportErrorKey(caught))),
      },
    );
  };

  return (
    <DialogFrame onClose={close} className="modal__panel community-dialog" labelledBy={ids.heading}>
      <header className="community-dialog__head">
        <span className="community-dialog__icon community-dialog__icon--danger">
          <FlagIcon />
        </span>
        <div>
          <h2 id={ids.heading} className="community-dialog__title">
            {t('report.title')}
          </h2>
          <p className="community-dialog__intro">{t('report.intro', { title: postTitle })}</p>
        </div>
        <DialogCloseButton className="community-dialog__close" label={t('actions.close')} onClick={close} />
      </header>
      <form className="community-dialog__form" onSubmit={submit} noValidate>
        <fieldset className="report-reasons">
          <legend className="field-label">{t('report.reasonLabel')}</legend>
          {REPORT_REASONS.map((value, index) => (
            <label key={value} className="report-reason">
              <input
                type="radio"
                name={ids.reasons}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
                data-autofocus={index === 0 ? true : undefined}
              />
              <span className="report-reason__text">
                <span className="report-reason__name">{t(`report.reasons.${value}`)}</span>
                <span className="report-reason__hint">{t(`report.reasonHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.details} className="field-label">
            {reason === 'other' ? t('report.detailsRequiredLabel') : t('report.detailsLabel')}
          </label>
          <textarea
            ref={detailsRef}
            id={ids.details}
            className="text-input"
            rows={3}
            value={details}
            placeholder={t('report.detailsPlaceholder')}
            onChange={(event) => setDetails(clampText(event.target.value, REPORT_DETAILS_MAX))}
            aria-describedby={ids.counter}
          />
          <div className="field__meta">
            <span />
            <span id={ids.counter} className="field-counter">
              {t('publish.counter', { value: textLength(details), max: REPORT_DETAILS_MAX })}
            </span>
          </div>
        </div>
        {error ? (
          <div id={ids.error} className="notice notice--danger" role="alert">
            <AlertIcon className="notice__icon" />
            <div className="notice__body">{error}</div>
          </div>
        ) : null}
        <div className="community-dialog__actions">
          <button type="button" className="button" onClick={close} disabled={report.isPending}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={report.isPending}>
            {report.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('report.submit')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
