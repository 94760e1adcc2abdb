// What the author of a taken-down post sees above it: that the moderators took it down and why (the
// categories of the reports), and either a short form to appeal once, or where their appeal stands.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEAL_MAX, type PostDetail, REPORT_REASONS } from '../../api/community.ts';
import { ApiError } from '../../api/http.ts';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { clampText, textLength } from '../../components/publish-post-model.ts';
import { useToast } from '../../components/toast.tsx';
import { useAppealPost } from '../../hooks/use-moderation-outcomes.ts';
import { formatDate } from './community-model.ts';
import './takedown-notice.css';

export function TakedownNotice({ post, isAuthor }: { post: PostDetail; isAuthor: boolean }) {
  const { t, i18n } = useTranslation('community');
  const takedown = post.takedown;
  const reasons = (takedown?.reasons ?? []).map(({ reason }) =>
    (REPORT_REASONS as readonly string[]).includes(reason) ? t(`report.reasons.${reason}`) : reason,
  );
  const appeal = takedown?.appeal ?? null;
  return (
    <section className="takedown" aria-labelledby="takedown-title" data-testid="takedown">
      <div className="takedown__head">
        <AlertIcon className="takedown__icon" />
        <div className="takedown__text">
          <h2 id="takedown-title" className="takedown__title">
            {isAuthor ? t('takedown.title') : t('takedown.othersTitle')}
          </h2>
          <p className="takedown__reason">
            {reasons.length > 0
              ? t('takedown.reasons', {
                  reasons: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(reasons),
                })
              : t('takedown.noReport')}
          </p>
        </div>
      </div>
      {!isAuthor || !takedown ? null : appeal ? (
        <div className={`takedown__appeal takedown__appeal--${appeal.status}`} data-testid="appeal-status">
          {appeal.status === 'open' ? null : <CheckIcon width={16} height={16} />}
          <p>
            {t(`takedown.appeal.${appeal.status}`, {
              date: formatDate(appeal.resolved_at ?? appeal.created_at, i18n.language),
            })}
          </p>
          <blockquote className="takedown__quote" dir="auto">
            {appeal.message}
          </blockquote>
        </div>
      ) : (
        <AppealForm postId={post.id} />
      )}
    </section>
  );
}

function AppealForm({ postId }: { postId: string }) {
  const { t } = useTranslation('community');
  const toast = useToast();
  const appeal = useAppealPost(postId);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { message: useId(), counter: useId(), error: useId() };

  if (!open) {
    return (
      <div className="takedown__actions">
        <p className="takedown__hint">{t('takedown.appealHint')}</p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('takedown.appealOpen')}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setError(t('takedown.errors.required'));
      return;
    }
    setError(null);
    appeal.mutate(message.trim(), {
      onSuccess: () => toast('success', t('takedown.sent')),
      onError: (caught) =>
        setError(
          caught instanceof ApiError && caught.code === 'already_appealed'
            ? t('takedown.errors.already')
            : t('takedown.errors.failed'),
        ),
    });
  };

  return (
    <form className="takedown__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.message} className="field-label">
          {t('takedown.messageLabel')}
        </label>
        <textarea
          id={ids.message}
          className="text-input"
          rows={3}
          value={message}
          dir="auto"
          placeholder={t('takedown.messagePlaceholder')}
          onChange={(event) => setMessage(clampText(event.target.value, APPEAL_MAX))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.counter} ${ids.error}` : ids.counter}
        />
        <div className="field__meta">
          <span />
          <span id={ids.counter} className="field-counter">
            {t('publish.counter', { value: textLength(message), max: APPEAL_MAX })}
          </span>
        </div>
      </div>
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="takedown__actions">
        <button type="button" className="button" onClick={() => setOpen(false)} disabled={appeal.isPending}>
          {t('actions.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={appeal.isPending}>
          {appeal.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('takedown.submit')}
        </button>
      </div>
    </form>
  );
}
