import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CachedImage } from '../../components/cached-image.tsx';
import { ChatIcon, ChevronDownIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import type { Conversation } from './chat-store.ts';

interface ConversationListProps {
  conversations: readonly Conversation[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onDelete: (conversation: Conversation) => void;
}

function latestImage(conversation: Conversation): string | null {
  for (let index = conversation.turns.length - 1; index >= 0; index--) {
    const image = conversation.turns[index]!.image;
    if (image && !image.flagged) return image.url;
  }
  return null;
}

export function ConversationList({
  conversations,
  activeId,
  onSelect,
  onNew,
  onDelete,
}: ConversationListProps) {
  const { t } = useTranslation('chat');
  const listId = useId();
  // Narrow screens fold the list under a button; wide screens always show it (chat-page.css).
  const [open, setOpen] = useState(false);

  return (
    <aside className={open ? 'chat-sidebar chat-sidebar--open' : 'chat-sidebar'} aria-label={t('list.label')}>
      <div className="chat-sidebar__head">
        <button
          type="button"
          className="chat-sidebar__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <ChatIcon width={18} height={18} />
          {t('list.toggle', { number: conversations.length })}
          <ChevronDownIcon className="chat-sidebar__chevron" width={16} height={16} />
        </button>
        <h2 className="chat-sidebar__title">{t('list.heading')}</h2>
        <button
          type="button"
          className="button button--small chat-sidebar__new"
          onClick={() => {
            onNew();
            setOpen(false);
          }}
        >
          <PlusIcon width={16} height={16} />
          <span className="chat-sidebar__new-text">{t('list.newChat')}</span>
        </button>
      </div>
      <div id={listId} className="chat-sidebar__body">
        {conversations.length === 0 ? (
          <p className="chat-sidebar__empty">{t('list.empty')}</p>
        ) : (
          <ul className="chat-list">
            {conversations.map((conversation) => {
              const thumb = latestImage(conversation);
              const active = conversation.id === activeId;
              return (
                <li
                  key={conversation.id}
                  className={active ? 'chat-list__item is-active' : 'chat-list__item'}
                >
                  <button
                    type="button"
                    className="chat-list__open"
                    aria-current={active ? 'true' : undefined}
                    onClick={() => {
                      onSelect(conversation.id);
                      setOpen(false);
                    }}
                  >
                    <span className="chat-list__thumb" aria-hidden="true">
                      {thumb ? (
                        <CachedImage src={thumb} alt="" insideControl />
                      ) : (
                        <ChatIcon width={18} height={18} />
                      )}
                    </span>
                    <span className="chat-list__text">
                      <span className="chat-list__title" dir="auto">
                        {conversation.title}
                      </span>
                      <span className="chat-list__meta">
                        {t('list.messages', { number: conversation.turns.length })}
                      </span>
                    </span>
                  </button>
                  <button
                    type="button"
                    className="icon-button chat-list__delete"
                    aria-label={t('list.delete', { title: conversation.title })}
                    title={t('list.deleteHint')}
                    onClick={() => onDelete(conversation)}
                  >
                    <TrashIcon width={16} height={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </aside>
  );
}
