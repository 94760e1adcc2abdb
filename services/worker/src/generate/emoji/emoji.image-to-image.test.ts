// Pictura Emoji from a starting image (OpenAI variations and edits on a fresh clone): the flow starts from
// the photo noised to the strength's time, so strength 0 gives the photo back and more strength moves
// further from it; with no prompt it still draws (the unconditional path).
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoPath } from '../../../../../test/support/photos.ts';
import { loadModelRegistry, type ModelRegistry } from '../../models/model-registry.ts';
import type { GenerateParams } from '../abstract.pipeline.ts';
import { fitInitImage, startStep } from '../init-image.ts';

const base: GenerateParams = {
  prompt: '',
  negativePrompt: '',
  width: 320,
  height: 256,
  seed: 11,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
};

const meanDifference = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('Pictura Emoji image-to-image', () => {
  let registry: ModelRegistry;
  let photo: Uint8Array;
  let fitted: Uint8Array;
  beforeAll(async () => {
    registry = await loadModelRegistry({ runtime: ort });
    photo = new Uint8Array(await readFile(photoPath('chelsea')));
    fitted = await fitInitImage(photo, base.width, base.height);
  }, 120_000);

  const emoji = () => registry.generators.get('pictura-emoji')!;
  const variation = (strength: number, prompt = '') =>
    emoji().generate({ ...base, prompt, init: { image: photo, strength } });

  it('says it accepts a starting image, and the abstract model says it does not', () => {
    expect(emoji().imageInput).toBe(true);
    expect(registry.generators.get('pictura-abstract')!.imageInput).toBeFalsy();
    const advertised = (name: string) => registry.models.find((m) => m.name === name)?.settings?.imageInput;
    expect(advertised('pictura-emoji')).toBe(true);
    expect(advertised('pictura-abstract')).toBe(false);
  });

  it('gives the photo back at strength 0, at the size asked for', async () => {
    const image = await variation(0);
    expect({ width: image.width, height: image.height }).toEqual({ width: 320, height: 256 });
    expect(meanDifference(image.data, fitted)).toBe(0);
  });

  it('moves further from the photo as the strength grows, with or without a prompt', async () => {
    const light = await variation(0.25);
    const heavy = await variation(0.9);
    expect(light.data.length).toBe(fitted.length);
    const near = meanDifference(light.data, fitted);
    const far = meanDifference(heavy.data, fitted);
    expect(near).toBeGreaterThan(0.5);
    expect(far).toBeGreaterThan(near * 1.5);
    const steered = await variation(0.75, 'a red apple');
    expect(steered.subject).toMatchObject({ found: true });
    expect(meanDifference(steered.data, fitted)).toBeGreaterThan(near);
  }, 120_000);

  it('starts a sampler of n steps where diffusers would, never skipping a middling strength', () => {
    expect(startStep(8, 0)).toBe(8);
    expect(startStep(8, 1)).toBe(0);
    expect(startStep(8, 0.5)).toBe(4);
    expect(startStep(1, 0.6)).toBe(0);
    expect(startStep(4, 0.1)).toBe(4);
  });
});
