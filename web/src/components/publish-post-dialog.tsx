// The publish form (spec 5): one image of a history item goes to the community gallery with a title (at most
// 50 characters), a description (at most 200), tags (normalised, at most the server's max-tags setting) and
// the publishing agreement ticked. Opened by the community page and by the history page.
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../api/history.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useMaxTags } from '../hooks/use-community.ts';
import { usePublishPost } from '../hooks/use-post-actions.ts';
import { DialogCloseButton, DialogFrame } from './dialog-frame.tsx';
import { AlertIcon, ShareIcon } from './icons.tsx';
import {
  clampText,
  DESCRIPTION_MAX,
  type PublishFormErrors,
  publishErrorKey,
  TITLE_MAX,
  textLength,
  validatePublishForm,
} from './publish-post-model.ts';
import { PublishPreview } from './publish-post-preview.tsx';
import { PublishTagField, useTagDraft } from './publish-tag-field.tsx';
import { useToast } from './toast.tsx';
import './publish-post-dialog.css';

interface PublishPostDialogProps {
  item: HistoryItem;
  onClose: () => void;
  onPublished: (postId: string) => void;
  /** Which of the item's images is chosen first (the generator's "Publish" on its second image...). */
  initialImage?: number;
}

export function PublishPostDialog(props: PublishPostDialogProps) {
  // The form's texts live in the community namespace; until they load, nothing shows (never raw keys).
  const { ready } = useTranslation('community');
  return ready ? <PublishDialog {...props} /> : null;
}

function PublishDialog({ item, onClose, onPublished, initialImage = 0 }: PublishPostDialogProps) {
  const { t } = useTranslation('community');
  const toast = useToast();
  const { user, openSignIn } = useAuth();
  const maxTags = useMaxTags();
  const publish = usePublishPost();
  const agreeRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => {
    if (!publish.isPending) onClose();
  }, [onClose, publish.isPending]);

  const ids = {
    title: useId(),
    heading: useId(),
    titleCounter: useId(),
    titleError: useId(),
    description: useId(),
    descriptionCounter: useId(),
    descriptionError: useId(),
    agree: useId(),
    agreeError: useId(),
  };

  const imageCount = item.images.length;
  const [imageIndex, setImageIndex] = useState(() =>
    initialImage >= 0 && initialImage < imageCount ? initialImage : 0,
  );
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<PublishFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);

  const image = item.images[imageIndex];
  const draft = useTagDraft(maxTags);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (publish.isPending) return;
    if (!user) {
      toast('info', t('errors.loginRequired'));
      openSignIn();
      return;
    }
    const allTags = draft.commit(draft.text);
    const found = validatePublishForm({ title, description, tags: allTags, agree }, maxTags);
    setErrors(found);
    setServerError(null);
    if (found.title) {
      titleRef.current?.focus();
      return;
    }
    if (found.description || found.tags) return;
    if (found.agree) {
      agreeRef.current?.focus();
      return;
    }
    publish.mutate(
      {
        history_id: item.id,
        image_index: imageIndex,
        title: title.trim(),
        description: description.trim(),
        tags: allTags,
        agree,
      },
      {
        onSuccess: (post) => {
          toast('success', t('publish.success'));
          onPublished(post.id);
        },
        onError: (error) => setServerError(t(publishErrorKey(error), { max: maxTags })),
      },
    );
  };

  const titleLength = textLength(title);
  const descriptionLength = textLength(description);
  const describedBy = (...parts: (string | false | undefined)[]) =>
    parts.filter(Boolean).join(' ') || undefined;

  return (
    <DialogFrame
      onClose={close}
      frameClassName="publish-dialog"
      className="modal__panel publish-dialog__panel"
      labelledBy={ids.heading}
    >
      <header className="publish-dialog__head">
        <div>
          <h2 id={ids.heading} className="publish-dialog__title">
            {t('publish.title')}
          </h2>
          <p className="publish-dialog__intro">{t('publish.intro')}</p>
        </div>
        <DialogCloseButton className="publish-dialog__close" label={t('actions.close')} onClick={close} />
      </header>

      <form className="publish-dialog__form" onSubmit={submit} noValidate>
        <PublishPreview
          item={item}
          imageIndex={imageIndex}
          onChoose={setImageIndex}
          revealed={revealed}
          onReveal={() => setRevealed(true)}
        />

        <div className="publish-dialog__fields">
          {item.private ? (
            <div className="notice notice--warning" role="status">
              <AlertIcon className="notice__icon" />
              <div className="notice__body">{t('publish.errors.private')}</div>
            </div>
          ) : null}
          {image?.flagged ? <p className="publish-dialog__flag-note">{t('publish.flaggedNote')}</p> : null}

          <div className="field">
            <label htmlFor={ids.title} className="field-label">
              {t('publish.titleLabel')}
            </label>
            <input
              ref={titleRef}
              id={ids.title}
              className="text-input"
              dir="auto"
              value={title}
              placeholder={t('publish.titlePlaceholder')}
              onChange={(event) => {
                setTitle(clampText(event.target.value, TITLE_MAX));
                if (errors.title) setErrors({ ...errors, title: undefined });
              }}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy(ids.titleCounter, errors.title && ids.titleError)}
              autoComplete="off"
              data-autofocus
              required
            />
            <div className="field__meta">
              {errors.title ? (
                <p id={ids.titleError} className="field-error" role="alert">
                  {t(`publish.errors.${errors.title}`, { max: TITLE_MAX })}
                </p>
              ) : (
                <span />
              )}
              <span
                id={ids.titleCounter}
                className={titleLength >= TITLE_MAX ? 'field-counter publish-dialog__full' : 'field-counter'}
              >
                {t('publish.counter', { value: titleLength, max: TITLE_MAX })}
              </span>
            </div>
          </div>

          <div className="field">
            <label htmlFor={ids.description} className="field-label">
              {t('publish.descriptionLabel')}
            </label>
            <textarea
              id={ids.description}
              className="text-input publish-dialog__description"
              dir="auto"
              value={description}
              rows={3}
              placeholder={t('publish.descriptionPlaceholder')}
              onChange={(event) => setDescription(clampText(event.target.value, DESCRIPTION_MAX))}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy(
                ids.descriptionCounter,
                errors.description && ids.descriptionError,
              )}
            />
            <div className="field__meta">
              {errors.description ? (
                <p id={ids.descriptionError} className="field-error" role="alert">
                  {t(`publish.errors.${errors.description}`, { max: DESCRIPTION_MAX })}
                </p>
              ) : (
                <span />
              )}
              <span
                id={ids.descriptionCounter}
                className={
                  descriptionLength >= DESCRIPTION_MAX
                    ? 'field-counter publish-dialog__full'
                    : 'field-counter'
                }
              >
                {t('publish.counter', { value: descriptionLength, max: DESCRIPTION_MAX })}
              </span>
            </div>
          </div>

          <PublishTagField draft={draft} formError={errors.tags} maxTags={maxTags} />

          <div className="publish-dialog__agreement">
            <details className="publish-dialog__terms">
              <summary>{t('publish.agreementRead')}</summary>
              <ul>
                <li>{t('publish.agreement.rights')}</li>
                <li>{t('publish.agreement.content')}</li>
                <li>{t('publish.agreement.public')}</li>
                <li>{t('publish.agreement.moderation')}</li>
              </ul>
            </details>
            <label className="publish-dialog__check" htmlFor={ids.agree}>
              <input
                ref={agreeRef}
                id={ids.agree}
                type="checkbox"
                checked={agree}
                onChange={(event) => {
                  setAgree(event.target.checked);
                  if (event.target.checked && errors.agree) setErrors({ ...errors, agree: undefined });
                }}
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? ids.agreeError : undefined}
              />
              <span>{t('publish.agreementLabel')}</span>
            </label>
            {errors.agree ? (
              <p id={ids.agreeError} className="field-error" role="alert">
                {t('publish.errors.agreementRequired')}
              </p>
            ) : null}
          </div>

          {serverError ? (
            <div className="notice notice--danger" role="alert">
              <AlertIcon className="notice__icon" />
              <div className="notice__body">{serverError}</div>
            </div>
          ) : null}

          <div className="publish-dialog__actions">
            <button type="button" className="button" onClick={close} disabled={publish.isPending}>
              {t('actions.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={publish.isPending || item.private}
            >
              {publish.isPending ? (
                <span className="spinner" aria-hidden="true" />
              ) : (
                <ShareIcon width={18} height={18} />
              )}
              {publish.isPending ? t('publish.publishing') : t('publish.submit')}
            </button>
          </div>
        </div>
      </form>
    </DialogFrame>
  );
}
