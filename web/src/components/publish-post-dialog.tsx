// The publish form (spec 5): one image of a history item goes to the community gallery with a title (at most
// 50 characters), a description (at most 200), tags (normalised, at most the server's max-tags setting) and
// the publishing agreement ticked. Opened by the community page and by the history page.
import { type FormEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../api/history.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useMaxTags } from '../hooks/use-community.ts';
import { usePublishPost } from '../hooks/use-post-actions.ts';
import { DialogCloseButton, DialogFrame } from './dialog-frame.tsx';
import { AlertIcon, CloseIcon, ShareIcon } from './icons.tsx';
import {
  addTags,
  clampText,
  DESCRIPTION_MAX,
  type PublishFormErrors,
  publishErrorKey,
  TITLE_MAX,
  textLength,
  validatePublishForm,
} from './publish-post-model.ts';
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
  const tagInputRef = useRef<HTMLInputElement>(null);
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
    tags: useId(),
    tagsHint: useId(),
    tagsCounter: useId(),
    tagsError: useId(),
    agree: useId(),
    agreeError: useId(),
  };

  const imageCount = item.images.length;
  const [imageIndex, setImageIndex] = useState(() =>
    initialImage >= 0 && initialImage < imageCount ? initialImage : 0,
  );
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [tagText, setTagText] = useState('');
  const [tagError, setTagError] = useState<'invalid' | 'tooMany' | null>(null);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<PublishFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);

  const image = item.images[imageIndex];
  const atMax = tags.length >= maxTags;

  const commitTagText = (text: string): string[] => {
    if (text.trim() === '') return tags;
    const outcome = addTags(tags, text, maxTags);
    setTags(outcome.tags);
    setTagError(outcome.error ?? null);
    setTagText('');
    return outcome.tags;
  };

  const onTagKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commitTagText(tagText);
    } else if (event.key === 'Backspace' && tagText === '' && tags.length > 0) {
      setTags(tags.slice(0, -1));
      setTagError(null);
    }
  };

  const onTagChange = (value: string) => {
    // A pasted or typed comma completes a tag.
    if (/[,，、]/.test(value)) commitTagText(value);
    else {
      setTagText(value);
      if (tagError === 'invalid') setTagError(null);
    }
  };

  const removeTag = (tag: string) => {
    setTags(tags.filter((current) => current !== tag));
    setTagError(null);
    tagInputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (publish.isPending) return;
    if (!user) {
      toast('info', t('errors.loginRequired'));
      openSignIn();
      return;
    }
    const allTags = commitTagText(tagText);
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
        <div className="publish-dialog__preview">
          {image ? (
            <figure
              className={
                image.flagged && !revealed
                  ? 'publish-dialog__image publish-dialog__image--hidden'
                  : 'publish-dialog__image'
              }
            >
              <img
                src={image.url}
                width={image.width}
                height={image.height}
                alt={t('publish.imageAlt', { prompt: item.prompt })}
              />
              {image.flagged && !revealed ? (
                <button
                  type="button"
                  className="button button--small publish-dialog__reveal"
                  onClick={() => setRevealed(true)}
                >
                  {t('post.show')}
                </button>
              ) : null}
            </figure>
          ) : null}
          {imageCount > 1 ? (
            <fieldset className="publish-dialog__thumbs">
              <legend className="field-label">{t('publish.chooseImage')}</legend>
              <div className="publish-dialog__thumb-list">
                {item.images.map((option, index) => (
                  <label key={option.url} className="publish-dialog__thumb">
                    <input
                      type="radio"
                      className="visually-hidden"
                      name={`${ids.heading}-image`}
                      checked={index === imageIndex}
                      onChange={() => setImageIndex(index)}
                    />
                    <img src={option.url} alt="" className={option.flagged ? 'is-flagged' : undefined} />
                    <span className="visually-hidden">
                      {t('publish.imageNumber', { index: index + 1, total: imageCount })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <dl className="publish-dialog__prompt">
            <dt className="field-label">{t('publish.prompt')}</dt>
            <dd dir="auto">{item.prompt}</dd>
          </dl>
        </div>

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

          <div className="field">
            <label htmlFor={ids.tags} className="field-label">
              {t('publish.tagsLabel')}
            </label>
            <div className="tag-input">
              {tags.length > 0 ? (
                <ul className="tag-input__chips" aria-label={t('publish.tagsAdded')}>
                  {tags.map((tag) => (
                    <li key={tag} className="tag-input__chip">
                      <bdi>#{tag}</bdi>
                      <button
                        type="button"
                        className="tag-input__remove"
                        aria-label={t('publish.removeTag', { tag })}
                        onClick={() => removeTag(tag)}
                      >
                        <CloseIcon width={14} height={14} />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <input
                ref={tagInputRef}
                id={ids.tags}
                className="tag-input__field"
                value={tagText}
                disabled={atMax}
                placeholder={atMax ? t('publish.tagsFull') : t('publish.tagsPlaceholder')}
                onChange={(event) => onTagChange(event.target.value)}
                onKeyDown={onTagKeyDown}
                onBlur={() => commitTagText(tagText)}
                aria-invalid={tagError || errors.tags ? true : undefined}
                aria-describedby={describedBy(
                  ids.tagsHint,
                  ids.tagsCounter,
                  (tagError || errors.tags) && ids.tagsError,
                )}
                autoComplete="off"
                enterKeyHint="done"
              />
            </div>
            <div className="field__meta">
              {tagError || errors.tags ? (
                <p id={ids.tagsError} className="field-error" role="alert">
                  {tagError === 'invalid'
                    ? t('publish.errors.invalidTag')
                    : t('publish.errors.tooManyTags', { max: maxTags })}
                </p>
              ) : (
                <p id={ids.tagsHint} className="field-hint publish-dialog__hint">
                  {t('publish.tagsHint')}
                </p>
              )}
              <span
                id={ids.tagsCounter}
                className={atMax ? 'field-counter publish-dialog__full' : 'field-counter'}
                data-testid="tag-count"
              >
                {t('publish.counter', { value: tags.length, max: maxTags })}
              </span>
            </div>
          </div>

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
