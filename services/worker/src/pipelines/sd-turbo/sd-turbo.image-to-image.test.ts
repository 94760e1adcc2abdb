// Image-to-image on a Stable Diffusion folder with Optimum's vae_encoder (OpenAI edits and variations): the
// starting image is encoded, noised to the level the strength gives, and denoised from there.
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEIGHT, params, useTinyFolders, WIDTH } from '../../../test/pipelines/sd-turbo/sd-turbo.expected.ts';
import { vaeBias, vaeWeight } from '../../../test/pipelines/sd-turbo/sd-turbo.fixture.ts';
import type { RenderedImage } from '../../generate/abstract.pipeline.ts';
import { fitInitImage } from '../../generate/init-image.ts';
import { createSdTurboPipeline } from './sd-turbo.pipeline.ts';

const { render, tinyFolder } = useTinyFolders();

/** A picture the fixture's decoder can produce (smooth latents), so its encoder recovers it. */
async function decodablePhoto(): Promise<Uint8Array> {
  const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const [ly, lx, dy, dx] = [Math.floor(y / 8), Math.floor(x / 8), y % 8, x % 8];
      const z = [0, 1, 2, 3].map((k) => 2 * Math.sin(ly / 7 + k) * Math.cos(lx / 5 - k));
      for (let c = 0; c < 3; c++) {
        const value = z.reduce((sum, zk, k) => sum + vaeWeight(c, dy, dx, k) * zk, vaeBias(c, dy, dx));
        rgb[(y * WIDTH + x) * 3 + c] = Math.round(Math.min(1, Math.max(0, value / 2 + 0.5)) * 255);
      }
    }
  return sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

const meanDifference = (image: RenderedImage, expected: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < expected.length; i++) sum += Math.abs(image.data[i]! - expected[i]!);
  return sum / expected.length;
};

describe('SD image-to-image', () => {
  it('is refused, naming the missing encoder, by a folder without vae_encoder', async () => {
    const photo = await decodablePhoto();
    await expect(render({}, {}, params({ init: { image: photo, strength: 0.5 } }))).rejects.toMatchObject({
      reason: 'unsupported_model_capability',
      message: expect.stringContaining('vae_encoder'),
    });
  });

  it('gives the image back at strength 0 and moves further from it as the strength grows', async () => {
    const photo = await decodablePhoto();
    const fitted = await fitInitImage(photo, WIDTH, HEIGHT);
    const at = async (strength: number) =>
      (await render({ vaeEncoder: true }, {}, params({ init: { image: photo, strength } }))).image;

    const kept = await at(0);
    expect({ width: kept.width, height: kept.height }).toEqual({ width: WIDTH, height: HEIGHT });
    expect(meanDifference(kept, fitted)).toBe(0);

    const light = meanDifference(await at(0.1), fitted);
    const heavy = meanDifference(await at(0.9), fitted);
    const fresh = meanDifference((await render({ vaeEncoder: true }, {}, params())).image, fitted);
    expect(light).toBeLessThan(heavy);
    expect(heavy).toBeLessThan(fresh);
  });

  it('says it accepts a starting image only with an encoder', async () => {
    for (const vaeEncoder of [true, false]) {
      const pipeline = await createSdTurboPipeline(ort, await tinyFolder({ vaeEncoder }), {
        sessionOptions: { executionProviders: ['cpu'] },
      });
      expect(pipeline.imageInput).toBe(vaeEncoder);
      await pipeline.release();
    }
  });
});
