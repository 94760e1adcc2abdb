// How a chat thread becomes one generation request. The first message of an image is its base prompt; each
// later message refines it, so the prompt sent is the base plus every refinement so far, and the seed and
// options of the previous image are kept so the picture evolves instead of starting over. "New image"
// starts again from the next message. Pure functions: no storage, no network.
import {
  type AspectRatio,
  DEFAULT_CHOICES,
  PROMPT_MAX_LENGTH,
  SEED_MAX,
  type Style,
} from '@pictura/common/generation-options';
import type { GenerateRequest } from '../../api/generation.ts';

export const MAX_SEED = SEED_MAX;

export interface ChatOptions {
  aspectRatio: AspectRatio;
  style: Style;
}

export const DEFAULT_CHAT_OPTIONS: ChatOptions = {
  aspectRatio: DEFAULT_CHOICES.aspectRatio,
  style: DEFAULT_CHOICES.style,
};

/** What composition needs of a turn already in the thread. */
export interface ThreadTurn {
  /** The message as the user wrote it. */
  text: string;
  /** True when this message began a new image (the first message always does). */
  startsNewImage: boolean;
  /** The seed sent with the turn. */
  seed: number;
  /** The seed of the image it produced, once it did. */
  imageSeed?: number;
}

/** One message tidied for a prompt: single spaces, no trailing full stop or comma. */
export function cleanMessage(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!。，、；：！]+$/u, '')
    .trim();
}

/** The turns that make the current image: from the last one that started a new image to the end. */
export function currentImageTurns<T extends ThreadTurn>(turns: readonly T[]): T[] {
  let start = 0;
  for (let index = turns.length - 1; index >= 0; index--) {
    if (turns[index]!.startsNewImage) {
      start = index;
      break;
    }
  }
  return turns.slice(start);
}

function characters(text: string): number {
  return [...text].length;
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('').trim() : text;
}

/**
 * The prompt for a base and its refinements, in order: "base, first change, second change". A repeated
 * refinement counts once (the latest place wins). When it is too long for the generator the oldest
 * refinements give way first; the base and the newest change always stay.
 */
export function composePrompt(messages: readonly string[], maxLength = PROMPT_MAX_LENGTH): string {
  const parts = messages.map(cleanMessage).filter((part) => part !== '');
  if (parts.length === 0) return '';
  const [base, ...refinements] = parts as [string, ...string[]];
  const seen = new Set<string>([base.toLowerCase()]);
  const unique: string[] = [];
  for (let index = refinements.length - 1; index >= 0; index--) {
    const key = refinements[index]!.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    unique.unshift(refinements[index]!);
  }
  const separator = ', ';
  let kept = unique;
  const length = () => characters([base, ...kept].join(separator));
  while (kept.length > 1 && length() > maxLength) kept = kept.slice(1);
  if (length() <= maxLength) return [base, ...kept].join(separator);
  // Only the base and the newest change are left and still too long: shorten the base.
  const newest = kept[0];
  if (newest === undefined) return cut(base, maxLength);
  const room = maxLength - characters(newest) - characters(separator);
  return room > 0 ? `${cut(base, room)}${separator}${newest}` : cut(newest, maxLength);
}

export interface NextTurn {
  startsNewImage: boolean;
  prompt: string;
  seed: number;
}

/**
 * What the next message makes: a new image (the first message, or "New image" chosen) with a fresh seed, or
 * a refinement of the current image with its prompt grown and the seed of its latest image.
 */
export function planNextTurn(
  turns: readonly ThreadTurn[],
  message: string,
  wantsNewImage: boolean,
  randomSeed: () => number,
): NextTurn {
  const startsNewImage = wantsNewImage || turns.length === 0;
  if (startsNewImage) {
    return { startsNewImage, prompt: composePrompt([message]), seed: randomSeed() };
  }
  const image = currentImageTurns(turns);
  const last = image[image.length - 1]!;
  // The latest image's own seed when it exists; a failed turn still carries the seed it was sent with.
  const withImage = [...image].reverse().find((turn) => turn.imageSeed !== undefined);
  const seed = withImage?.imageSeed ?? last.seed;
  return {
    startsNewImage,
    prompt: composePrompt([...image.map((turn) => turn.text), message]),
    seed,
  };
}

/** The POST /api/generate body of a turn: one image, the thread's options, nothing else varied. */
export function turnRequest(prompt: string, seed: number, options: ChatOptions): GenerateRequest {
  return {
    prompt,
    negative_prompt: '',
    aspect_ratio: options.aspectRatio,
    style: options.style,
    color: DEFAULT_CHOICES.color,
    lighting: DEFAULT_CHOICES.lighting,
    composition: DEFAULT_CHOICES.composition,
    seed,
    count: 1,
  };
}

/** A seed from the browser's random source, in the generator's range. */
export function randomSeed(): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0]! % (MAX_SEED + 1);
}
