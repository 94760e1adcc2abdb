import { ASPECT_RATIOS, COLORS, LIGHTINGS, STYLES } from '@pictura/common/generation-options';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import * as stats from '../../test/generate/image-stats.ts';
import {
  createAbstractPipeline,
  type GenerateParams,
  type ImagePipeline,
  type RenderedImage,
} from './abstract.pipeline.ts';
import { pixelArtBlock } from './abstract.pixels.ts';

// Small images keep the suite quick; the model is resolution independent (see the aspect-ratio test).
const BASE: GenerateParams = {
  prompt: 'ocean waves at sunset',
  negativePrompt: '',
  width: 256,
  height: 256,
  seed: 11,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
};
const PROMPTS = ['a red rose in the forest', 'ocean waves at sunset', 'a cat', '夜空に浮かぶ月'];
/** Mean absolute difference (0..255 per channel value) above which two images are clearly different pictures. */
const DIFFERENT = 20;
/** Above which an option has visibly changed the image. */
const CHANGED = 8;

let pipeline: ImagePipeline;
const cache = new Map<string, Promise<RenderedImage>>();
function render(overrides: Partial<GenerateParams> = {}): Promise<RenderedImage> {
  const params = { ...BASE, ...overrides };
  const key = JSON.stringify(params);
  if (!cache.has(key)) cache.set(key, pipeline.generate(params));
  return cache.get(key) as Promise<RenderedImage>;
}
const region = (image: RenderedImage, x0: number, y0: number, x1: number, y1: number) =>
  stats.meanLuma(image, stats.fractionRegion(image, x0, y0, x1, y1));

beforeAll(async () => {
  pipeline = await createAbstractPipeline(ort);
}, 60_000);

describe('abstract pipeline: prompts and seeds', () => {
  it('is named after the built-in model', () => {
    expect(pipeline.name).toBe('pictura-abstract');
  });

  it('renders identical bytes for the same inputs, also from a fresh pipeline', async () => {
    const first = await pipeline.generate(BASE);
    const again = await pipeline.generate(BASE);
    const fresh = await (await createAbstractPipeline(ort)).generate(BASE);
    expect(Buffer.from(again.data).equals(Buffer.from(first.data))).toBe(true);
    expect(Buffer.from(fresh.data).equals(Buffer.from(first.data))).toBe(true);
  });

  it('renders clearly different images for different prompts', async () => {
    const images = await Promise.all(PROMPTS.map((prompt) => render({ prompt })));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++)
        expect(stats.meanAbsDiff(images[i], images[j]), `${PROMPTS[i]} vs ${PROMPTS[j]}`).toBeGreaterThan(
          DIFFERENT,
        );
    }
  });

  it('renders clearly different images for different seeds of one prompt', async () => {
    const images = await Promise.all([0, 1, 2, 4_294_967_295].map((seed) => render({ seed })));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++)
        expect(stats.meanAbsDiff(images[i], images[j])).toBeGreaterThan(DIFFERENT);
    }
  });

  it('changes the image with the negative prompt, and pushes named colours out', async () => {
    const plain = await render({ prompt: 'a red rose' });
    const negative = await render({ prompt: 'a red rose', negativePrompt: 'blurry, dark' });
    expect(stats.meanAbsDiff(plain, negative)).toBeGreaterThan(DIFFERENT);
    const [r, , b] = stats.meanRgb(plain);
    const [rNoRed, , bNoRed] = stats.meanRgb(await render({ prompt: 'a red rose', negativePrompt: 'red' }));
    expect(rNoRed - bNoRed).toBeLessThan(r - b - 20);
  });

  it('honours colour words in the prompt, in any of several languages', async () => {
    for (const prompt of ['red', 'rojo', '赤']) {
      const [r, g, b] = stats.meanRgb(await render({ prompt }));
      expect(r, prompt).toBeGreaterThan(1.5 * Math.max(g, b));
    }
    const [r, g, b] = stats.meanRgb(await render({ prompt: 'blue' }));
    expect(b).toBeGreaterThan(1.5 * Math.max(r, g));
  });

  it('renders an empty prompt', async () => {
    const image = await render({ prompt: '' });
    expect(stats.distinctColours(image)).toBeGreaterThan(1000);
  });

  it('is smooth and colourful rather than noise', async () => {
    for (const prompt of PROMPTS) {
      const image = await render({ prompt });
      expect(stats.meanNeighbourStep(image), prompt).toBeLessThan(3); // luminance steps between neighbours, 0..255
      expect(stats.distinctColours(image), prompt).toBeGreaterThan(3000);
      expect(stats.meanSaturation(image), prompt).toBeGreaterThan(0.2);
    }
  });
});

describe('abstract pipeline: sizes and progress', () => {
  it.each(Object.entries(ASPECT_RATIOS))(
    'renders %s at its exact pixel size',
    async (_, { width, height }) => {
      const image = await pipeline.generate({ ...BASE, width, height });
      expect([image.width, image.height, image.channels]).toEqual([width, height, 3]);
      expect(image.data.length).toBe(width * height * 3);
      // Content reaches the last row and column (no padding or stretching artefacts).
      const last = stats.fractionRegion(image, 0.9, 0.9, 1, 1);
      expect(stats.meanLuma(image, last)).toBeGreaterThan(0);
    },
  );

  it('reports progress up to done', async () => {
    const calls: Array<[number, number]> = [];
    await pipeline.generate(BASE, (done, total) => calls.push([done, total]));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.at(-1)?.[0]).toBe(calls.at(-1)?.[1]);
    expect(calls.map(([done]) => done)).toEqual([...calls.map(([done]) => done)].sort((a, b) => a - b));
  });

  it('rejects sizes and seeds it cannot render', async () => {
    await expect(pipeline.generate({ ...BASE, width: 0 })).rejects.toThrow(RangeError);
    await expect(pipeline.generate({ ...BASE, height: 10.5 })).rejects.toThrow(RangeError);
    await expect(pipeline.generate({ ...BASE, seed: -1 })).rejects.toThrow(RangeError);
  });
});

describe('abstract pipeline: styles', () => {
  it.each(STYLES.filter((s) => s !== 'none'))('%s changes the image', async (style) => {
    for (const prompt of PROMPTS)
      expect(
        stats.meanAbsDiff(await render({ prompt }), await render({ prompt, style })),
        prompt,
      ).toBeGreaterThan(CHANGED);
  });

  it('pixel_art is made of constant blocks in a small palette', async () => {
    for (const [width, height] of [
      [256, 256],
      [512, 768],
    ]) {
      const image = await render({ style: 'pixel_art', width, height });
      expect(stats.hasConstantBlocks(image, pixelArtBlock(width, height))).toBe(true);
      expect(stats.distinctColours(image)).toBeLessThanOrEqual(64);
    }
    expect(stats.hasConstantBlocks(await render(), pixelArtBlock(256, 256))).toBe(false);
  });

  it('low_poly is flat facets: a few hundred colours where the default has thousands', async () => {
    for (const prompt of PROMPTS) {
      expect(stats.distinctColours(await render({ prompt, style: 'low_poly' })), prompt).toBeLessThan(400);
      expect(stats.distinctColours(await render({ prompt })), prompt).toBeGreaterThan(3000);
    }
  });

  it('flat_design is posterised into a handful of flat colours', async () => {
    for (const prompt of PROMPTS)
      expect(
        stats.distinctColours(await render({ prompt, style: 'flat_design' })),
        prompt,
      ).toBeLessThanOrEqual(8);
  });

  it('cartoon has flat colour areas with dark outlines', async () => {
    for (const prompt of PROMPTS) {
      const cartoon = await render({ prompt, style: 'cartoon' });
      expect(stats.distinctColours(cartoon), prompt).toBeLessThan(400);
      // Fills never go this dark (darkest stop × shadow), so near-black pixels are the outlines.
      expect(stats.darkShare(cartoon, 40), prompt).toBeGreaterThan(0.03);
      expect(stats.darkShare(await render({ prompt, style: 'flat_design' }), 40), prompt).toBeLessThan(0.005);
    }
  });

  it('anime is brighter with cel-shaded bands and no dark areas', async () => {
    for (const prompt of PROMPTS) {
      const anime = await render({ prompt, style: 'anime' });
      const plain = await render({ prompt });
      expect(stats.meanLuma(anime), prompt).toBeGreaterThan(stats.meanLuma(plain));
      expect(stats.distinctColours(anime), prompt).toBeLessThan(stats.distinctColours(plain));
      expect(stats.darkShare(anime, 25), prompt).toBeLessThan(0.01);
    }
  });

  it('watercolor is light paper with a visible grain', async () => {
    for (const prompt of PROMPTS) {
      const paint = await render({ prompt, style: 'watercolor' });
      const plain = await render({ prompt });
      expect(stats.meanLuma(paint), prompt).toBeGreaterThan(Math.max(120, stats.meanLuma(plain) + 25));
      expect(stats.meanNeighbourStep(paint), prompt).toBeGreaterThan(1.5 * stats.meanNeighbourStep(plain));
      expect(stats.meanSaturation(paint), prompt).toBeLessThan(stats.meanSaturation(plain));
    }
  });

  it('cyberpunk is dark with neon magenta and cyan', async () => {
    for (const prompt of PROMPTS) {
      const neon = await render({ prompt, style: 'cyberpunk' });
      expect(stats.meanLuma(neon), prompt).toBeLessThan(60);
      // Vivid pixels are all neon hues (cyan through blue and purple to magenta), with both ends well present.
      expect(stats.vividHueShare(neon, [[160, 340]]), prompt).toBeGreaterThan(0.95);
      expect(stats.vividHueShare(neon, [[165, 205]]), prompt).toBeGreaterThan(0.1);
      expect(stats.vividHueShare(neon, [[280, 335]]), prompt).toBeGreaterThan(0.1);
    }
  });

  it('photographic darkens towards the corners (vignette)', async () => {
    // Averaged over prompts and seeds, the content evens out and the vignette remains.
    const cornerToCentre = async (style: GenerateParams['style']) => {
      let corners = 0;
      let centres = 0;
      for (const prompt of PROMPTS) {
        for (const seed of [1, 2]) {
          const image = await render({ prompt, seed, style });
          corners += region(image, 0, 0, 0.15, 0.15) + region(image, 0.85, 0.85, 1, 1);
          centres += 2 * region(image, 0.4, 0.4, 0.6, 0.6);
        }
      }
      return corners / centres;
    };
    expect(await cornerToCentre('photographic')).toBeLessThan(0.6 * (await cornerToCentre('none')));
  });
});

describe('abstract pipeline: colours', () => {
  it.each(COLORS.filter((c) => c !== 'none'))('%s changes the image', async (color) => {
    for (const prompt of PROMPTS)
      expect(
        stats.meanAbsDiff(await render({ prompt }), await render({ prompt, color })),
        prompt,
      ).toBeGreaterThan(CHANGED);
  });

  it('black_and_white has no saturation, even under tinted light', async () => {
    for (const lighting of ['none', 'sunlight', 'underlighting'] as const) {
      const image = await render({ color: 'black_and_white', lighting });
      expect(stats.meanSaturation(image), lighting).toBe(0);
    }
  });

  it('warm makes red outweigh blue, cold the reverse', async () => {
    for (const prompt of PROMPTS) {
      const [r, , b] = stats.meanRgb(await render({ prompt }));
      const [rw, , bw] = stats.meanRgb(await render({ prompt, color: 'warm' }));
      const [rc, , bc] = stats.meanRgb(await render({ prompt, color: 'cold' }));
      expect(rw - bw, prompt).toBeGreaterThan(Math.max(15, r - b));
      expect(bc - rc, prompt).toBeGreaterThan(Math.max(15, b - r));
    }
  });

  it('cyberpunk_neon turns vivid colours magenta and cyan', async () => {
    for (const prompt of PROMPTS) {
      expect(
        stats.vividHueShare(await render({ prompt, color: 'cyberpunk_neon' }), [
          [165, 205],
          [280, 335],
        ]),
        prompt,
      ).toBeGreaterThan(0.75);
    }
  });
});

describe('abstract pipeline: lighting', () => {
  it.each(LIGHTINGS.filter((l) => l !== 'none'))('%s changes the image', async (lighting) => {
    for (const prompt of PROMPTS)
      expect(
        stats.meanAbsDiff(await render({ prompt }), await render({ prompt, lighting })),
        prompt,
      ).toBeGreaterThan(CHANGED);
  });

  /** How much a lighting multiplies a brightness ratio between two regions, relative to no lighting. */
  async function gain(
    lighting: GenerateParams['lighting'],
    prompt: string,
    ratio: (image: RenderedImage) => number,
  ) {
    return ratio(await render({ prompt, lighting })) / ratio(await render({ prompt }));
  }
  const corners = (im: RenderedImage) =>
    (region(im, 0, 0, 0.15, 0.15) +
      region(im, 0.85, 0, 1, 0.15) +
      region(im, 0, 0.85, 0.15, 1) +
      region(im, 0.85, 0.85, 1, 1)) /
    4;

  it('spotlight makes the centre much brighter than the corners', async () => {
    for (const prompt of PROMPTS) {
      const lit = await render({ prompt, lighting: 'spotlight' });
      expect(region(lit, 0.4, 0.4, 0.6, 0.6) / corners(lit), prompt).toBeGreaterThan(3);
      expect(
        await gain('spotlight', prompt, (im) => region(im, 0.4, 0.4, 0.6, 0.6) / corners(im)),
        prompt,
      ).toBeGreaterThan(3);
    }
  });

  it('side_light comes from the left, underlighting from below, sunlight from the top right', async () => {
    for (const prompt of PROMPTS) {
      expect(
        await gain('side_light', prompt, (im) => region(im, 0, 0, 1 / 3, 1) / region(im, 2 / 3, 0, 1, 1)),
        prompt,
      ).toBeGreaterThan(3);
      expect(
        await gain('underlighting', prompt, (im) => region(im, 0, 2 / 3, 1, 1) / region(im, 0, 0, 1, 1 / 3)),
        prompt,
      ).toBeGreaterThan(3);
      expect(
        await gain(
          'sunlight',
          prompt,
          (im) => region(im, 2 / 3, 0, 1, 1 / 3) / region(im, 0, 2 / 3, 1 / 3, 1),
        ),
        prompt,
      ).toBeGreaterThan(2);
    }
  });

  it('sunlight is warm, ambient_glow lifts the centre, studio keys from the top left', async () => {
    for (const prompt of PROMPTS) {
      const [r, , b] = stats.meanRgb(await render({ prompt }));
      const [rs, , bs] = stats.meanRgb(await render({ prompt, lighting: 'sunlight' }));
      expect(rs - bs, prompt).toBeGreaterThan(r - b + 10);
      expect(
        await gain('ambient_glow', prompt, (im) => region(im, 0.35, 0.35, 0.65, 0.65) / corners(im)),
        prompt,
      ).toBeGreaterThan(1.5);
      expect(
        await gain('studio', prompt, (im) => region(im, 0, 0, 0.5, 0.5) / region(im, 0.5, 0.5, 1, 1)),
        prompt,
      ).toBeGreaterThan(1.3);
    }
  });
});
