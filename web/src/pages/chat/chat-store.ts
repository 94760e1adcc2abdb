// The chat's conversations: their shape, the edits made to them, and how they are kept in localStorage per
// user (a reload, or another tab, shows the same list). Pure functions plus the two storage calls.
import { knownChoice } from '@pictura/common/generation-options';
import { isImageScene } from '@pictura/common/scene';
import type { GeneratedImage } from '../../api/generation.ts';
import type { ErrorFallbackKey, PhaseError } from '../home/generation-phase.ts';
import { type ChatOptions, DEFAULT_CHAT_OPTIONS, MAX_SEED, type ThreadTurn } from './chat-prompt.ts';

export const MAX_CONVERSATIONS = 50;
export const MAX_TURNS_PER_CONVERSATION = 200;
const TITLE_MAX = 80;

/** 'cancelled': the user stopped its job; nothing was made. */
export type TurnStatus = 'pending' | 'completed' | 'error' | 'cancelled';

export interface ChatTurn {
  id: string;
  /** The message as written. */
  text: string;
  startsNewImage: boolean;
  /** The prompt composed from the thread and sent. */
  prompt: string;
  seed: number;
  options: ChatOptions;
  createdAt: string;
  /** Known once the generator accepted the request. */
  jobId: string | null;
  status: TurnStatus;
  image: GeneratedImage | null;
  error: PhaseError | null;
}

export interface Conversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Applied to the next message (aspect ratio and style of the thread). */
  options: ChatOptions;
  turns: ChatTurn[];
}

export function storageKey(userId: number): string {
  return `chatConversations:${userId}`;
}

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a self-hosted server on plain http has none.
  const values = new Uint32Array(4);
  crypto.getRandomValues(values);
  return [...values].map((value) => value.toString(36)).join('-');
}

export function conversationTitle(text: string): string {
  const title = text.replace(/\s+/g, ' ').trim();
  const chars = [...title];
  return chars.length > TITLE_MAX
    ? `${chars
        .slice(0, TITLE_MAX - 1)
        .join('')
        .trim()}…`
    : title;
}

export function toThreadTurn(turn: ChatTurn): ThreadTurn {
  return {
    text: turn.text,
    startsNewImage: turn.startsNewImage,
    seed: turn.seed,
    ...(turn.image ? { imageSeed: turn.image.seed } : {}),
  };
}

/**
 * For each turn, the image its refinement started from: the latest image made before it since the last new
 * image began; null for a turn that starts an image or has none before it.
 */
export function previousImages(turns: readonly ChatTurn[]): (GeneratedImage | null)[] {
  let latest: GeneratedImage | null = null;
  return turns.map((turn, index) => {
    if (index === 0 || turn.startsNewImage) latest = null;
    const before = latest;
    if (turn.image) latest = turn.image;
    return before;
  });
}

export function isBusy(conversation: Conversation | undefined): boolean {
  return conversation?.turns.some((turn) => turn.status === 'pending') ?? false;
}

/** Newest activity first. */
export function sortConversations(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export function createConversation(
  id: string,
  firstMessage: string,
  options: ChatOptions,
  now: string,
): Conversation {
  return { id, title: conversationTitle(firstMessage), createdAt: now, updatedAt: now, options, turns: [] };
}

function editConversation(
  conversations: readonly Conversation[],
  id: string,
  edit: (conversation: Conversation) => Conversation,
): Conversation[] {
  return conversations.map((conversation) => (conversation.id === id ? edit(conversation) : conversation));
}

export function addConversation(
  conversations: readonly Conversation[],
  conversation: Conversation,
): Conversation[] {
  return sortConversations([conversation, ...conversations.filter((c) => c.id !== conversation.id)]).slice(
    0,
    MAX_CONVERSATIONS,
  );
}

export function appendTurn(
  conversations: readonly Conversation[],
  conversationId: string,
  turn: ChatTurn,
): Conversation[] {
  return editConversation(conversations, conversationId, (conversation) => ({
    ...conversation,
    updatedAt: turn.createdAt,
    turns: [...conversation.turns, turn].slice(-MAX_TURNS_PER_CONVERSATION),
  }));
}

export function updateTurn(
  conversations: readonly Conversation[],
  conversationId: string,
  turnId: string,
  patch: Partial<Omit<ChatTurn, 'id'>>,
): Conversation[] {
  return editConversation(conversations, conversationId, (conversation) => ({
    ...conversation,
    turns: conversation.turns.map((turn) => (turn.id === turnId ? { ...turn, ...patch } : turn)),
  }));
}

export function setConversationOptions(
  conversations: readonly Conversation[],
  conversationId: string,
  options: ChatOptions,
): Conversation[] {
  return editConversation(conversations, conversationId, (conversation) => ({ ...conversation, options }));
}

export function removeConversation(conversations: readonly Conversation[], id: string): Conversation[] {
  return conversations.filter((conversation) => conversation.id !== id);
}

// Reading back what was stored: anything malformed (an older shape, a hand edit) is dropped, never trusted.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const FALLBACK_KEYS: readonly ErrorFallbackKey[] = [
  'errors.generateFailed',
  'errors.retrieveFailed',
  'errors.server',
  'errors.network',
  'errors.storageUnavailable',
];

function readOptions(value: unknown): ChatOptions {
  if (!isObject(value)) return DEFAULT_CHAT_OPTIONS;
  const aspectRatio = value.aspectRatio;
  const style = value.style;
  return {
    aspectRatio: knownChoice('aspectRatio', aspectRatio) ?? DEFAULT_CHAT_OPTIONS.aspectRatio,
    style: knownChoice('style', style) ?? DEFAULT_CHAT_OPTIONS.style,
  };
}

function readSubject(value: unknown): GeneratedImage['subject'] {
  if (!isObject(value) || typeof value.found !== 'boolean') return undefined;
  return {
    found: value.found,
    ...(isString(value.emoji) ? { emoji: value.emoji } : {}),
    ...(isString(value.name) ? { name: value.name } : {}),
  };
}

function readImage(value: unknown): GeneratedImage | null {
  if (!isObject(value)) return null;
  const { url, width, height, seed, flagged } = value;
  if (!isString(url) || !url.startsWith('/') || url.startsWith('//')) return null;
  if (typeof width !== 'number' || typeof height !== 'number' || typeof seed !== 'number') return null;
  // What was drawn is kept too: the turn says it again, and the next refinement compares with it.
  const subject = readSubject(value.subject);
  return {
    url,
    width,
    height,
    seed,
    flagged: flagged === true,
    ...(isImageScene(value.scene) ? { scene: value.scene } : {}),
    ...(subject ? { subject } : {}),
  };
}

function readError(value: unknown): PhaseError | null {
  if (!isObject(value)) return null;
  const fallbackKey = FALLBACK_KEYS.find((key) => key === value.fallbackKey) ?? 'errors.generateFailed';
  return { message: isString(value.message) ? value.message : null, fallbackKey };
}

const INTERRUPTED: PhaseError = { message: null, fallbackKey: 'errors.generateFailed' };

function readTurn(value: unknown): ChatTurn | null {
  if (!isObject(value)) return null;
  const { id, text, prompt, seed, createdAt, jobId, status } = value;
  if (!isString(id) || !isString(text) || !isString(prompt) || !isString(createdAt)) return null;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) return null;
  const image = readImage(value.image);
  const job = isString(jobId) ? jobId : null;
  let turnStatus: TurnStatus =
    status === 'completed' || status === 'pending' || status === 'cancelled' ? status : 'error';
  if (turnStatus === 'completed' && !image) turnStatus = 'error';
  // Sent, but the page closed before the server answered: whether it ran is unknown, so it can be retried.
  if (turnStatus === 'pending' && !job) turnStatus = 'error';
  return {
    id,
    text,
    startsNewImage: value.startsNewImage === true,
    prompt,
    seed,
    options: readOptions(value.options),
    createdAt,
    jobId: job,
    status: turnStatus,
    image: turnStatus === 'completed' ? image : null,
    error: turnStatus === 'error' ? (readError(value.error) ?? INTERRUPTED) : null,
  };
}

function readConversation(value: unknown): Conversation | null {
  if (!isObject(value)) return null;
  const { id, title, createdAt, updatedAt, turns } = value;
  if (!isString(id) || !isString(title) || !isString(createdAt) || !isString(updatedAt)) return null;
  const read = Array.isArray(turns) ? turns.map(readTurn).filter((turn) => turn !== null) : [];
  if (read.length === 0) return null;
  // The first message always starts an image, whatever was stored.
  read[0] = { ...read[0]!, startsNewImage: true };
  return { id, title, createdAt, updatedAt, options: readOptions(value.options), turns: read };
}

export function parseConversations(raw: string | null): Conversation[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = isObject(parsed) && Array.isArray(parsed.conversations) ? parsed.conversations : [];
    return sortConversations(list.map(readConversation).filter((c) => c !== null)).slice(
      0,
      MAX_CONVERSATIONS,
    );
  } catch {
    return [];
  }
}

export function serializeConversations(conversations: readonly Conversation[]): string {
  // Empty conversations (none sent yet) are not worth keeping.
  return JSON.stringify({
    version: 1,
    conversations: conversations.filter((conversation) => conversation.turns.length > 0),
  });
}

export function loadConversations(storage: Storage, userId: number): Conversation[] {
  try {
    return parseConversations(storage.getItem(storageKey(userId)));
  } catch {
    return [];
  }
}

export function saveConversations(
  storage: Storage,
  userId: number,
  conversations: readonly Conversation[],
): void {
  try {
    storage.setItem(storageKey(userId), serializeConversations(conversations));
  } catch {
    // Storage full or disabled (private browsing): the conversation still works for this visit.
  }
}
