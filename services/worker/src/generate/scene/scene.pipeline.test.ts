// Pictura Scenes end to end in the worker (the committed model, reader, painter, layout and compositor): a
// prompt's things in its setting, what it drew said in `scene`, seeds that rearrange, the canvas's aspect
// kept, and a transparent background that leaves the things alone on alpha.
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelRegistry, type ModelRegistry } from '../../models/model-registry.ts';
import type { GenerateParams, ImagePipeline } from '../abstract.pipeline.ts';

const base: GenerateParams = {
  prompt: '',
  negativePrompt: '',
  width: 256,
  height: 256,
  seed: 3,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
};

/** Mean of one channel (0 R, 1 G, 2 B) over a band of rows, as a share of the height. */
function bandMean(
  image: { data: Uint8Array; width: number; height: number; channels: number },
  from: number,
  to: number,
  channel: number,
) {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(from * image.height); y < Math.floor(to * image.height); y++)
    for (let x = 0; x < image.width; x++) {
      sum += image.data[(y * image.width + x) * image.channels + channel]!;
      n++;
    }
  return sum / n;
}

describe('Pictura Scenes pipeline', () => {
  let registry: ModelRegistry;
  let scenes: ImagePipeline;
  beforeAll(async () => {
    registry = await loadModelRegistry({ runtime: ort });
    scenes = registry.generators.get('pictura-emoji')!;
  }, 120_000);

  it('draws the things in their setting and says what it drew', async () => {
    const fox = await scenes.generate({ ...base, prompt: 'a red fox in the snow' });
    expect(fox.scene).toEqual({
      subjects: [{ name: 'fox', emoji: '🦊', count: 1 }],
      relations: [],
      setting: ['snow'],
      style: [],
      unplaced_words: [],
    });
    expect(fox.subject).toEqual({ found: true, emoji: '🦊', name: 'fox' });
    // Snowy ground: the bottom rows are bright, unlike the same fox at night.
    expect(bandMean(fox, 0.92, 1, 2)).toBeGreaterThan(180);
    const night = await scenes.generate({ ...base, prompt: 'a red fox in the snow at night' });
    expect(bandMean(night, 0, 0.3, 1)).toBeLessThan(bandMean(fox, 0, 0.3, 1) - 40);

    const rider = await scenes.generate({ ...base, prompt: 'an astronaut riding a horse on the moon' });
    expect(rider.scene).toMatchObject({
      subjects: [{ name: 'astronaut' }, { name: 'horse' }],
      relations: [{ subject: 0, relation: 'riding', object: 1 }],
      setting: ['moon'],
    });
  }, 60_000);

  it('keeps the abstract picture for a prompt that names nothing it knows, and says which words', async () => {
    const image = await scenes.generate({ ...base, prompt: 'the theory of relativity' });
    expect(image.subject).toEqual({ found: false });
    expect(image.scene?.subjects).toEqual([]);
    expect(image.scene?.unplaced_words).toEqual(['theory', 'relativity']);
  });

  it('rearranges with the seed and fills the asked aspect ratio', async () => {
    const prompt = 'a cat, a dog and a rabbit in a meadow';
    const [a, b] = await Promise.all(
      [1, 2].map((seed) => scenes.generate({ ...base, prompt, seed, width: 320, height: 192 })),
    );
    expect([a!.width, a!.height, a!.data.length]).toEqual([320, 192, 320 * 192 * 3]);
    let differ = 0;
    for (let i = 0; i < a!.data.length; i++) if (Math.abs(a!.data[i]! - b!.data[i]!) > 24) differ++;
    expect(differ / a!.data.length).toBeGreaterThan(0.1);
    expect(a!.scene?.subjects.map((s) => s.name)).toEqual(['cat', 'dog', 'rabbit']);
  }, 60_000);

  it('gives the things alone on alpha for a transparent background', async () => {
    expect(scenes.transparentBackground).toBe(true);
    const sticker = await scenes.generate({ ...base, prompt: 'a red fox in the snow', transparent: true });
    expect(sticker.channels).toBe(4);
    expect(sticker.data.length).toBe(256 * 256 * 4);
    const alphaAt = (x: number, y: number) => sticker.data[(y * 256 + x) * 4 + 3]!;
    expect([alphaAt(0, 0), alphaAt(255, 0), alphaAt(0, 255), alphaAt(255, 255)]).toEqual([0, 0, 0, 0]);
    let opaque = 0;
    for (let i = 3; i < sticker.data.length; i += 4) if (sticker.data[i]! > 200) opaque++;
    expect(opaque / (256 * 256)).toBeGreaterThan(0.1);
  }, 60_000);
});
