// The open conversation: its options, its messages (scrolled to the newest) and, when empty, how to begin.
import { ASPECT_RATIOS, type AspectRatio, STYLES } from '@pictura/common/generation-options';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, TrashIcon } from '../../components/icons.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { ChatOptions } from './chat-prompt.ts';
import { type ChatTurn, type Conversation, previousImages } from './chat-store.ts';
import { ChatTurnView } from './chat-turn.tsx';

const ASPECT_RATIO_KEYS = Object.keys(ASPECT_RATIOS) as AspectRatio[];
const SUGGESTIONS = ['suggestion1', 'suggestion2', 'suggestion3'] as const;

interface ChatThreadProps {
  conversation: Conversation | null;
  options: ChatOptions;
  onOptionsChange: (options: ChatOptions) => void;
  onDelete: (conversation: Conversation) => void;
  onSuggestion: (text: string) => void;
  onFinished: (turnId: string, result: Pick<ChatTurn, 'status' | 'image' | 'error'>) => void;
  onRetry: (turn: ChatTurn) => void;
}

/** Keeps the newest message in view as the log grows (a new turn, progress, an image that loaded). */
function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = scroller.current;
    const inner = content.current;
    if (!box || !inner || typeof ResizeObserver === 'undefined') return;
    let lastHeight = 0;
    const observer = new ResizeObserver(() => {
      const grew = inner.scrollHeight > lastHeight;
      // Only follow when the reader was at (or near) the end, not while they read older messages.
      const nearEnd =
        box.scrollHeight - box.clientHeight - box.scrollTop < 240 + (inner.scrollHeight - lastHeight);
      lastHeight = inner.scrollHeight;
      if (grew && nearEnd) box.scrollTop = box.scrollHeight;
    });
    observer.observe(inner);
    box.scrollTop = box.scrollHeight;
    return () => observer.disconnect();
  }, [scroller, content]);
}

export function ChatThread({
  conversation,
  options,
  onOptionsChange,
  onDelete,
  onSuggestion,
  onFinished,
  onRetry,
}: ChatThreadProps) {
  const { t } = useTranslation('chat');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  useStickToBottom(scrollerRef, contentRef);
  const turns = conversation?.turns ?? [];
  const before = previousImages(turns);

  return (
    <>
      <header className="chat-thread__head">
        <h2 className="chat-thread__title" dir="auto">
          {conversation?.title ?? t('thread.newTitle')}
        </h2>
        <div className="chat-thread__options">
          <SelectField
            label={t('thread.aspectRatio')}
            value={options.aspectRatio}
            onChange={(aspectRatio) => onOptionsChange({ ...options, aspectRatio })}
            options={ASPECT_RATIO_KEYS.map((value) => ({
              value,
              label: t(`translation:options.aspectRatio.${value}`),
            }))}
          />
          <SelectField
            label={t('thread.style')}
            value={options.style}
            onChange={(style) => onOptionsChange({ ...options, style })}
            options={STYLES.map((value) => ({ value, label: t(`translation:options.style.${value}`) }))}
          />
        </div>
        {conversation ? (
          <button
            type="button"
            className="icon-button chat-thread__delete"
            aria-label={t('thread.delete')}
            title={t('thread.delete')}
            onClick={() => onDelete(conversation)}
          >
            <TrashIcon width={18} height={18} />
          </button>
        ) : null}
      </header>

      <div ref={scrollerRef} className="chat-thread__scroller">
        {turns.length === 0 ? (
          <div className="chat-welcome">
            <span className="chat-welcome__icon">
              <ChatIcon width={28} height={28} />
            </span>
            <p className="chat-welcome__title">{t('welcome.title')}</p>
            <p className="chat-welcome__text">{t('welcome.text')}</p>
            <ul className="chat-welcome__suggestions" aria-label={t('welcome.suggestionsLabel')}>
              {SUGGESTIONS.map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    className="chat-suggestion"
                    onClick={() => onSuggestion(t(`welcome.${key}`))}
                  >
                    {t(`welcome.${key}`)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ol ref={contentRef} className="chat-log" aria-label={t('thread.logLabel')}>
          {turns.map((turn, index) => (
            <ChatTurnView
              key={turn.id}
              turn={turn}
              first={index === 0}
              previousImage={before[index] ?? null}
              onFinished={onFinished}
              onRetry={onRetry}
            />
          ))}
        </ol>
      </div>
    </>
  );
}
