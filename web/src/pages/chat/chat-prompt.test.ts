import { PROMPT_MAX_LENGTH } from '@pictura/common/generation-options';
import { describe, expect, it } from 'vitest';
import {
  cleanMessage,
  composePrompt,
  currentImageTurns,
  planNextTurn,
  type ThreadTurn,
  turnRequest,
} from './chat-prompt.ts';

const turn = (text: string, seed: number, extra: Partial<ThreadTurn> = {}): ThreadTurn => ({
  text,
  startsNewImage: false,
  seed,
  ...extra,
});

describe('cleanMessage', () => {
  it('collapses spaces and drops trailing punctuation', () => {
    expect(cleanMessage('  a fox \n in   the snow.  ')).toBe('a fox in the snow');
    expect(cleanMessage('make it night-time!!')).toBe('make it night-time');
    expect(cleanMessage('夜にして。')).toBe('夜にして');
    expect(cleanMessage(' ... ')).toBe('');
  });
});

describe('composePrompt', () => {
  it('is the base alone for one message', () => {
    expect(composePrompt(['A fox in a snowy forest.'])).toBe('A fox in a snowy forest');
  });

  it('adds each refinement after the base, in order', () => {
    expect(composePrompt(['a fox in a forest', 'at night', 'with a full moon'])).toBe(
      'a fox in a forest, at night, with a full moon',
    );
  });

  it('counts a repeated refinement once, at its latest place, and skips empty ones', () => {
    expect(composePrompt(['a fox', 'at night', 'watercolour', '  ', 'At night.'])).toBe(
      'a fox, watercolour, At night',
    );
    expect(composePrompt(['a fox', 'A fox'])).toBe('a fox');
  });

  it('is empty when nothing was said', () => {
    expect(composePrompt([])).toBe('');
    expect(composePrompt(['  ', '.'])).toBe('');
  });

  it('stays within the generator limit: the oldest refinements give way, base and newest stay', () => {
    const base = 'b'.repeat(30);
    const prompt = composePrompt([base, 'r1'.repeat(10), 'r2'.repeat(10), 'newest'], 70);
    expect(prompt.length).toBeLessThanOrEqual(70);
    expect(prompt.startsWith(base)).toBe(true);
    expect(prompt.endsWith('newest')).toBe(true);
    expect(prompt).not.toContain('r1');
    expect(prompt).toContain('r2');
  });

  it('shortens a base that alone is too long, keeping the newest change whole', () => {
    const prompt = composePrompt(['x'.repeat(PROMPT_MAX_LENGTH), 'in blue']);
    expect([...prompt].length).toBeLessThanOrEqual(PROMPT_MAX_LENGTH);
    expect(prompt.endsWith(', in blue')).toBe(true);
    expect(composePrompt(['y'.repeat(PROMPT_MAX_LENGTH + 50)])).toHaveLength(PROMPT_MAX_LENGTH);
  });
});

describe('currentImageTurns', () => {
  it('starts at the last turn that began a new image', () => {
    const turns = [
      turn('a fox', 1, { startsNewImage: true }),
      turn('at night', 1),
      turn('a castle', 2, { startsNewImage: true }),
      turn('in fog', 2),
    ];
    expect(currentImageTurns(turns).map((t) => t.text)).toEqual(['a castle', 'in fog']);
    expect(currentImageTurns([])).toEqual([]);
  });
});

describe('planNextTurn', () => {
  const seeds = [77, 88];
  const random = () => seeds.shift() ?? 99;

  it('makes the first message a new image with a fresh seed', () => {
    expect(planNextTurn([], 'a red kite over green hills', false, () => 5)).toEqual({
      startsNewImage: true,
      prompt: 'a red kite over green hills',
      seed: 5,
    });
  });

  it('refines: the prompt grows from the thread and the seed of the latest image is kept', () => {
    const turns = [
      turn('a red kite', 10, { startsNewImage: true, imageSeed: 10 }),
      turn('at sunset', 10, { imageSeed: 10 }),
    ];
    expect(planNextTurn(turns, 'add a second kite', false, random)).toEqual({
      startsNewImage: false,
      prompt: 'a red kite, at sunset, add a second kite',
      seed: 10,
    });
  });

  it('keeps the seed a failed turn was sent with when no image exists yet', () => {
    const turns = [turn('a red kite', 42, { startsNewImage: true })];
    expect(planNextTurn(turns, 'in the rain', false, () => 1).seed).toBe(42);
  });

  it('uses the image seed of the last turn that made one', () => {
    const turns = [turn('a kite', 5, { startsNewImage: true, imageSeed: 6 }), turn('blue', 5)];
    expect(planNextTurn(turns, 'bigger', false, () => 1).seed).toBe(6);
  });

  it('starts over on "New image": only the new message, a new seed', () => {
    const turns = [turn('a red kite', 10, { startsNewImage: true, imageSeed: 10 })];
    expect(planNextTurn(turns, 'a lighthouse', true, () => 123)).toEqual({
      startsNewImage: true,
      prompt: 'a lighthouse',
      seed: 123,
    });
  });

  it('refines only the current image after a new one began', () => {
    const turns = [
      turn('a red kite', 10, { startsNewImage: true, imageSeed: 10 }),
      turn('a lighthouse', 20, { startsNewImage: true, imageSeed: 20 }),
    ];
    expect(planNextTurn(turns, 'stormy sea', false, () => 1)).toEqual({
      startsNewImage: false,
      prompt: 'a lighthouse, stormy sea',
      seed: 20,
    });
  });
});

describe('turnRequest', () => {
  it('is one image with the thread options and the planned seed', () => {
    expect(turnRequest('a fox', 9, { aspectRatio: 'landscape_16_9', style: 'anime' })).toEqual({
      prompt: 'a fox',
      negative_prompt: '',
      aspect_ratio: 'landscape_16_9',
      style: 'anime',
      color: 'none',
      lighting: 'none',
      composition: 'none',
      seed: 9,
      count: 1,
    });
  });
});
