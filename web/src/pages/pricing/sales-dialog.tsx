// Enterprise's "contact sales" (spec 1): a short form sent to POST /api/support/requests as a sales request.
// Loaded only when opened, so the pricing page's own script stays small.
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.tsx';
import { CheckIcon, MailIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { useSalesRequest } from '../../hooks/use-sales-request.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { type SalesField, type SalesForm, salesFormProblem } from './pricing-model.ts';
import { PRICING_NAMESPACE } from './pricing-texts.ts';

const LIMITS = { name: 100, email: 254, company: 100, message: 5000 } as const;

export default function SalesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useAuth();
  const panelRef = useRef<HTMLDivElement>(null);
  const ids = {
    title: useId(),
    intro: useId(),
    name: useId(),
    email: useId(),
    company: useId(),
    message: useId(),
    error: useId(),
  };
  const [form, setForm] = useState<SalesForm>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    company: '',
    message: '',
  }));
  const [problem, setProblem] = useState<{ field: SalesField | null; text: string } | null>(null);
  const send = useSalesRequest();

  const update = (field: keyof SalesForm) => (value: string) =>
    setForm((now) => ({ ...now, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = salesFormProblem(form);
    if (invalid) {
      setProblem({ field: invalid.field, text: t(invalid.key) });
      panelRef.current?.querySelector<HTMLElement>(`[name="${invalid.field}"]`)?.focus();
      return;
    }
    setProblem(null);
    send.mutate(
      {
        name: form.name.trim(),
        email: form.email.trim(),
        company: form.company.trim() || undefined,
        message: form.message.trim(),
      },
      {
        onSuccess: () => toast('success', t('sales.sent')),
        onError: (error) => {
          // 400 and 429 carry a sentence for people; anything else gets the generic text of spec 8.
          const text =
            error instanceof ApiError && error.status < 500 && error.message
              ? error.message
              : t('errors.operationFailed');
          setProblem({ field: null, text });
        },
      },
    );
  };

  const describedBy = (field: SalesField) =>
    problem && (problem.field === field || problem.field === null) ? ids.error : undefined;

  return (
    <DialogFrame
      onClose={onClose}
      className="modal__panel sales-dialog"
      labelledBy={ids.title}
      describedBy={ids.intro}
      panelRef={panelRef}
    >
      <DialogCloseButton className="modal__close" label={t('sales.close')} onClick={onClose} />
      <span className="sales-dialog__icon" aria-hidden="true">
        {send.isSuccess ? <CheckIcon /> : <MailIcon />}
      </span>
      <h2 id={ids.title} className="modal__title">
        {send.isSuccess ? t('sales.sentTitle') : t('sales.title')}
      </h2>
      {send.isSuccess ? (
        <>
          <p id={ids.intro} className="modal__text" role="status">
            {t('sales.sent')}
          </p>
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('sales.done')}
          </button>
        </>
      ) : (
        <>
          <p id={ids.intro} className="modal__text">
            {t('sales.intro')}
          </p>
          <form className="modal__form" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={ids.name} className="field-label">
                {t('sales.name')}
              </label>
              <input
                id={ids.name}
                name="name"
                className="text-input"
                autoComplete="name"
                required
                maxLength={LIMITS.name}
                value={form.name}
                aria-invalid={problem?.field === 'name' || undefined}
                aria-describedby={describedBy('name')}
                onChange={(event) => update('name')(event.target.value)}
                data-autofocus
              />
            </div>
            <div className="field">
              <label htmlFor={ids.email} className="field-label">
                {t('sales.email')}
              </label>
              <input
                id={ids.email}
                name="email"
                type="email"
                className="text-input"
                autoComplete="email"
                required
                maxLength={LIMITS.email}
                value={form.email}
                aria-invalid={problem?.field === 'email' || undefined}
                aria-describedby={describedBy('email')}
                onChange={(event) => update('email')(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.company} className="field-label">
                {t('sales.company')}
              </label>
              <input
                id={ids.company}
                name="company"
                className="text-input"
                autoComplete="organization"
                maxLength={LIMITS.company}
                value={form.company}
                onChange={(event) => update('company')(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.message} className="field-label">
                {t('sales.message')}
              </label>
              <textarea
                id={ids.message}
                name="message"
                className="text-input sales-dialog__message"
                rows={4}
                required
                maxLength={LIMITS.message}
                value={form.message}
                placeholder={t('sales.messagePlaceholder')}
                aria-invalid={problem?.field === 'message' || undefined}
                aria-describedby={describedBy('message')}
                onChange={(event) => update('message')(event.target.value)}
              />
            </div>
            {problem ? (
              <p id={ids.error} className="field-error" role="alert">
                {problem.text}
              </p>
            ) : null}
            <button type="submit" className="button button--primary button--large" disabled={send.isPending}>
              {send.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {send.isPending ? t('sales.sending') : t('sales.send')}
            </button>
          </form>
          <p className="modal__legal">
            {t('sales.otherWays')}{' '}
            <Link to={localizedPath(locale, '/contact')} onClick={onClose}>
              {t('sales.contactPage')}
            </Link>
          </p>
        </>
      )}
    </DialogFrame>
  );
}
