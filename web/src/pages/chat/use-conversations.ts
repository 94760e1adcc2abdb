import { useEffect, useRef, useState } from 'react';
import { type Conversation, loadConversations, saveConversations } from './chat-store.ts';

/**
 * The user's conversations, read from localStorage once and written back after every change, so a reload
 * keeps them. Each signed-in user has a list of their own (the page remounts for another user).
 */
export function useConversations(userId: number) {
  const [conversations, setConversations] = useState<Conversation[]>(() =>
    loadConversations(window.localStorage, userId),
  );
  const initial = useRef(conversations);
  useEffect(() => {
    // The first render only read what was stored; writing it back would change nothing.
    if (initial.current === conversations) return;
    saveConversations(window.localStorage, userId, conversations);
  }, [conversations, userId]);
  return [conversations, setConversations] as const;
}
