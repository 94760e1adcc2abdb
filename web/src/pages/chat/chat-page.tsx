// /chat: make an image by conversation. The first message draws it; each next message refines it (the
// prompt grows, the seed and options stay, so the picture evolves) until "New image" starts over. Every
// turn is a real generation followed like the home page's, and lands in the user's history.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { HistoryIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { queryKeys } from '../../hooks/query-keys.ts';
import { useCreateGeneration } from '../../hooks/use-create-generation.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { describeError } from '../home/generation-phase.ts';
import { ChatComposer } from './chat-composer.tsx';
import {
  type ChatOptions,
  DEFAULT_CHAT_OPTIONS,
  planNextTurn,
  randomSeed,
  turnRequest,
} from './chat-prompt.ts';
import {
  addConversation,
  appendTurn,
  type ChatTurn,
  type Conversation,
  createConversation,
  isBusy,
  newId,
  removeConversation,
  setConversationOptions,
  sortConversations,
  toThreadTurn,
  updateTurn,
} from './chat-store.ts';
import { ChatThread } from './chat-thread.tsx';
import { ConversationList } from './conversation-list.tsx';
import { useConversations } from './use-conversations.ts';
import './chat-page.css';

export default function ChatPage() {
  const { user } = useAuth();
  return (
    <NamespaceGate namespace="chat">
      {/* Each user has conversations of their own. */}
      <ChatView key={user?.id ?? 0} userId={user?.id ?? 0} />
    </NamespaceGate>
  );
}

type TurnResult = Pick<ChatTurn, 'status' | 'image' | 'error'>;

function ChatView({ userId }: { userId: number }) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  useDocumentTitle(t('documentTitle'));
  const queryClient = useQueryClient();
  const createGeneration = useCreateGeneration();
  const { mutateAsync } = createGeneration;
  const [conversations, setConversations] = useConversations(userId);
  const [params, setParams] = useSearchParams();
  const activeId = params.get('c');
  const active = conversations.find((conversation) => conversation.id === activeId) ?? null;

  const [draftOptions, setDraftOptions] = useState<ChatOptions>(DEFAULT_CHAT_OPTIONS);
  const [draft, setDraft] = useState('');
  const [newImage, setNewImage] = useState(false);
  const [toDelete, setToDelete] = useState<Conversation | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const options = active?.options ?? draftOptions;

  const openConversation = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('c', id);
          else next.delete('c');
          return next;
        },
        { replace: true },
      );
      setDraft('');
      setNewImage(false);
    },
    [setParams],
  );

  /** Sends a turn's request; its job is then followed by the turn itself (ChatTurnView). */
  const submit = useCallback(
    (conversationId: string, turn: ChatTurn) => {
      mutateAsync(turnRequest(turn.prompt, turn.seed, turn.options)).then(
        (accepted) =>
          setConversations((list) => updateTurn(list, conversationId, turn.id, { jobId: accepted.job_id })),
        (error: unknown) =>
          setConversations((list) =>
            updateTurn(list, conversationId, turn.id, {
              status: 'error',
              error: describeError(error, 'errors.generateFailed'),
            }),
          ),
      );
    },
    [mutateAsync, setConversations],
  );

  const send = (text: string) => {
    if (isBusy(active ?? undefined)) return;
    const now = new Date().toISOString();
    const plan = planNextTurn((active?.turns ?? []).map(toThreadTurn), text, newImage, randomSeed);
    const turn: ChatTurn = {
      id: newId(),
      text: text.trim(),
      startsNewImage: plan.startsNewImage,
      prompt: plan.prompt,
      seed: plan.seed,
      options,
      createdAt: now,
      jobId: null,
      status: 'pending',
      image: null,
      error: null,
    };
    let conversationId: string;
    if (active) {
      conversationId = active.id;
      setConversations((list) => sortConversations(appendTurn(list, conversationId, turn)));
      setDraft('');
      setNewImage(false);
    } else {
      const conversation = createConversation(newId(), text, options, now);
      conversationId = conversation.id;
      setConversations((list) => appendTurn(addConversation(list, conversation), conversationId, turn));
      openConversation(conversationId);
    }
    submit(conversationId, turn);
  };

  const finishTurn = useCallback(
    (turnId: string, result: TurnResult) => {
      if (!active) return;
      setConversations((list) => updateTurn(list, active.id, turnId, result));
      // The jobs service records it in history: lists shown later must ask again.
      if (result.status === 'completed')
        void queryClient.invalidateQueries({ queryKey: queryKeys.history(userId) });
    },
    [active, setConversations, queryClient, userId],
  );

  const retryTurn = useCallback(
    (turn: ChatTurn) => {
      if (!active) return;
      const conversationId = active.id;
      setConversations((list) =>
        updateTurn(list, conversationId, turn.id, {
          status: 'pending',
          jobId: null,
          error: null,
          image: null,
        }),
      );
      submit(conversationId, turn);
    },
    [active, setConversations, submit],
  );

  const changeOptions = (next: ChatOptions) => {
    if (active) setConversations((list) => setConversationOptions(list, active.id, next));
    else setDraftOptions(next);
  };

  const deleteConversation = () => {
    if (!toDelete) return;
    setConversations((list) => removeConversation(list, toDelete.id));
    if (toDelete.id === active?.id) openConversation(null);
    setToDelete(null);
  };

  const hasImage = (active?.turns.length ?? 0) > 0;

  return (
    <div className="chat">
      <header className="chat__header">
        <h1 className="chat__heading">{t('heading')}</h1>
        <p className="chat__intro">{t('intro')}</p>
        <Link className="chat__history-link" to={localizedPath(locale, '/history')}>
          <HistoryIcon width={16} height={16} />
          {t('historyLink')}
        </Link>
      </header>
      <div className="chat__layout">
        <ConversationList
          conversations={conversations}
          activeId={active?.id ?? null}
          onSelect={(id) => openConversation(id)}
          onNew={() => {
            openConversation(null);
            requestAnimationFrame(() => composerRef.current?.focus());
          }}
          onDelete={setToDelete}
        />
        <section className="panel chat-thread" aria-label={active?.title ?? t('thread.newTitle')}>
          <ChatThread
            key={active?.id ?? 'new'}
            conversation={active}
            options={options}
            onOptionsChange={changeOptions}
            onDelete={setToDelete}
            onSuggestion={(text) => {
              setDraft(text);
              composerRef.current?.focus();
            }}
            onFinished={finishTurn}
            onRetry={retryTurn}
          />
          <ChatComposer
            ref={composerRef}
            hasImage={hasImage}
            busy={isBusy(active ?? undefined)}
            draft={draft}
            onDraftChange={setDraft}
            newImage={newImage}
            onNewImageChange={setNewImage}
            onSend={send}
          />
        </section>
      </div>

      {toDelete ? (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          text={t('deleteDialog.text', { title: toDelete.title })}
          confirmLabel={t('deleteDialog.confirm')}
          cancelLabel={t('deleteDialog.cancel')}
          onConfirm={deleteConversation}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
