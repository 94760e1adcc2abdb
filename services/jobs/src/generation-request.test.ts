import { describe, expect, it } from 'vitest';
import { normaliseGenerationOptions, type RawGenerationOptions } from './generation-request.ts';

const raw = (over: Partial<RawGenerationOptions>): RawGenerationOptions => ({
  prompt: 'a cat',
  negativePrompt: '',
  aspectRatio: '',
  style: '',
  color: '',
  lighting: '',
  composition: '',
  model: 'pictura-emoji',
  count: 1,
  ...over,
});
const normalise = (over: Partial<RawGenerationOptions>) => normaliseGenerationOptions(raw(over), () => 7);

describe('exact sizes', () => {
  it.each([
    [1024, 1024],
    [256, 256],
    [2048, 2048],
    [1792, 1024],
    [1536, 1024],
    [264, 2048],
  ])('renders %i×%i as asked', (width, height) => {
    expect(normalise({ width, height })).toMatchObject({ width, height });
  });

  it.each([
    [1000, 1004, 'multiple of 8'],
    [128, 128, 'between 256 and 2048'],
    [4096, 1024, 'between 256 and 2048'],
    [1024, undefined, 'both width and height'],
  ])('refuses %s×%s (%s) as invalid_size', (width, height, words) => {
    expect(() => normalise({ width, height: height as number })).toThrow(
      expect.objectContaining({ reason: 'invalid_size', message: expect.stringContaining(words) }),
    );
  });

  it('leaves the size to the aspect ratio when none is given', () => {
    const options = normalise({ aspectRatio: 'landscape' });
    expect(options.width).toBeUndefined();
    expect(options.height).toBeUndefined();
  });
});

describe('image-to-image requests', () => {
  const key = `${'a'.repeat(64)}.png`;

  it('needs no description when it starts from an image (a variation)', () => {
    expect(normalise({ prompt: '', initImageKey: key })).toMatchObject({
      prompt: '',
      initImageKey: key,
      strength: 0.6,
    });
  });

  it('still needs a description without an image', () => {
    expect(() => normalise({ prompt: ' ' })).toThrow(expect.objectContaining({ reason: 'prompt_required' }));
  });

  it.each([-0.1, 1.5, Number.NaN])('refuses strength %s', (strength) => {
    expect(() => normalise({ initImageKey: key, strength })).toThrow(
      expect.objectContaining({ reason: 'invalid_strength' }),
    );
  });

  it('refuses a key that is not an object store key', () => {
    expect(() => normalise({ initImageKey: '../../etc/passwd' })).toThrow(
      expect.objectContaining({ reason: 'source_missing' }),
    );
  });
});

describe('list options and counts', () => {
  it('gives a request naming none square, no style, colour, lighting or composition, an opaque background and one image', () => {
    expect(normalise({ count: 0 })).toMatchObject({
      aspectRatio: 'square',
      style: 'none',
      color: 'none',
      lighting: 'none',
      composition: 'none',
      background: 'auto',
      count: 1,
      seed: 7,
    });
  });

  it.each([
    [{ aspectRatio: 'wide' }, 'Unknown aspect ratio: wide'],
    [{ aspectRatio: 'constructor' }, 'Unknown aspect ratio: constructor'],
    [{ style: 'oil' }, 'Unknown style: oil'],
    [{ lighting: 'neon' }, 'Unknown lighting: neon'],
    [{ background: 'clear' }, 'Unknown background: clear'],
    [{ count: 5 }, 'Choose between 1 and 4 images'],
  ])('refuses %o as invalid_option', (over, message) => {
    expect(() => normalise(over)).toThrow(expect.objectContaining({ reason: 'invalid_option', message }));
  });
});
