import { PROMPT_MAX_LENGTH } from '@pictura/common/generation-options';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, SendIcon } from '../../components/icons.tsx';
import { cleanMessage } from './chat-prompt.ts';

interface ChatComposerProps {
  ref?: Ref<HTMLTextAreaElement>;
  /** The conversation has an image to refine (otherwise every message starts one). */
  hasImage: boolean;
  /** A turn is still running: the next message waits for it. */
  busy: boolean;
  draft: string;
  onDraftChange: (text: string) => void;
  newImage: boolean;
  onNewImageChange: (value: boolean) => void;
  onSend: (text: string) => void;
}

export function ChatComposer({
  ref,
  hasImage,
  busy,
  draft,
  onDraftChange,
  newImage,
  onNewImageChange,
  onSend,
}: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [showRequired, setShowRequired] = useState(false);
  const refining = hasImage && !newImage;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (cleanMessage(draft) === '') {
      setShowRequired(true);
      return;
    }
    setShowRequired(false);
    onSend(draft);
  };

  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      <label htmlFor={ids.input} className="visually-hidden">
        {refining ? t('composer.labelRefine') : t('composer.labelNew')}
      </label>
      <textarea
        ref={ref}
        id={ids.input}
        className="text-input chat-composer__input"
        rows={2}
        maxLength={PROMPT_MAX_LENGTH}
        placeholder={refining ? t('composer.placeholderRefine') : t('composer.placeholderNew')}
        value={draft}
        aria-invalid={showRequired ? true : undefined}
        aria-describedby={showRequired ? `${ids.error} ${ids.hint}` : ids.hint}
        onChange={(event) => {
          onDraftChange(event.target.value);
          if (showRequired) setShowRequired(false);
        }}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter starts a new line (and an input method composing text keeps Enter).
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
        }}
      />
      <div className="chat-composer__bar">
        {hasImage ? (
          <button
            type="button"
            className="button button--small chat-composer__new"
            aria-pressed={newImage}
            onClick={() => onNewImageChange(!newImage)}
          >
            <PlusIcon width={16} height={16} />
            {t('composer.newImage')}
          </button>
        ) : null}
        <p id={ids.hint} className="chat-composer__hint">
          {busy ? t('composer.busyHint') : refining ? t('composer.refineHint') : t('composer.newHint')}
        </p>
        <button type="submit" className="button button--primary chat-composer__send" disabled={busy}>
          {busy ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <SendIcon className="icon-flip" width={18} height={18} />
          )}
          {t('composer.send')}
        </button>
      </div>
      {showRequired ? (
        <p id={ids.error} className="field-error" role="alert">
          {t('translation:generator.promptRequired')}
        </p>
      ) : null}
    </form>
  );
}
