// The publish form's tags: typed or pasted, completed by Enter or a comma, shown as removable chips, at most
// the server's max-tags setting. The draft lives in a hook, so the form can take a half-typed tag on submit.
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import { addTags, type PublishFormErrors } from './publish-post-model.ts';

export function useTagDraft(maxTags: number) {
  const [tags, setTags] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<'invalid' | 'tooMany' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  /** Adds what is typed (if anything) and answers the tags as they are now. */
  const commit = (value: string): string[] => {
    if (value.trim() === '') return tags;
    const outcome = addTags(tags, value, maxTags);
    setTags(outcome.tags);
    setError(outcome.error ?? null);
    setText('');
    return outcome.tags;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      setTags(tags.slice(0, -1));
      setError(null);
    }
  };

  const change = (value: string) => {
    // A pasted or typed comma completes a tag.
    if (/[,，、]/.test(value)) commit(value);
    else {
      setText(value);
      if (error === 'invalid') setError(null);
    }
  };

  const remove = (tag: string) => {
    setTags(tags.filter((current) => current !== tag));
    setError(null);
    inputRef.current?.focus();
  };

  return { tags, text, error, atMax: tags.length >= maxTags, commit, onKeyDown, change, remove, inputRef };
}

export function PublishTagField({
  draft,
  formError,
  maxTags,
}: {
  draft: ReturnType<typeof useTagDraft>;
  /** What the form's check found on submit. */
  formError: PublishFormErrors['tags'];
  maxTags: number;
}) {
  const { t } = useTranslation('community');
  const ids = { input: useId(), hint: useId(), counter: useId(), error: useId() };
  const describedBy = (...parts: (string | false | undefined)[]) =>
    parts.filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label htmlFor={ids.input} className="field-label">
        {t('publish.tagsLabel')}
      </label>
      <div className="tag-input">
        {draft.tags.length > 0 ? (
          <ul className="tag-input__chips" aria-label={t('publish.tagsAdded')}>
            {draft.tags.map((tag) => (
              <li key={tag} className="tag-input__chip">
                <bdi>#{tag}</bdi>
                <button
                  type="button"
                  className="tag-input__remove"
                  aria-label={t('publish.removeTag', { tag })}
                  onClick={() => draft.remove(tag)}
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={draft.inputRef}
          id={ids.input}
          className="tag-input__field"
          value={draft.text}
          disabled={draft.atMax}
          placeholder={draft.atMax ? t('publish.tagsFull') : t('publish.tagsPlaceholder')}
          onChange={(event) => draft.change(event.target.value)}
          onKeyDown={draft.onKeyDown}
          onBlur={() => draft.commit(draft.text)}
          aria-invalid={draft.error || formError ? true : undefined}
          aria-describedby={describedBy(ids.hint, ids.counter, (draft.error || formError) && ids.error)}
          autoComplete="off"
          enterKeyHint="done"
        />
      </div>
      <div className="field__meta">
        {draft.error || formError ? (
          <p id={ids.error} className="field-error" role="alert">
            {draft.error === 'invalid'
              ? t('publish.errors.invalidTag')
              : t('publish.errors.tooManyTags', { max: maxTags })}
          </p>
        ) : (
          <p id={ids.hint} className="field-hint publish-dialog__hint">
            {t('publish.tagsHint')}
          </p>
        )}
        <span
          id={ids.counter}
          className={draft.atMax ? 'field-counter publish-dialog__full' : 'field-counter'}
          data-testid="tag-count"
        >
          {t('publish.counter', { value: draft.tags.length, max: maxTags })}
        </span>
      </div>
    </div>
  );
}
