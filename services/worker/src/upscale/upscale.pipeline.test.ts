import { AppError } from '@pictura/common/app-error';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTexturedScene } from '../../test/upscale/test-images.fixture.ts';
import { countTiles } from './tiler.ts';
import {
  createBuiltinUpscaler,
  MAX_UPSCALE_INPUT_PIXELS,
  UPSCALE_TILE_SIZE,
  type UpscaleFormat,
  type Upscaler,
} from './upscale.pipeline.ts';

let upscaler: Upscaler;
beforeAll(async () => {
  upscaler = await createBuiltinUpscaler(ort);
});
afterAll(() => upscaler.release());

const rgbPng = (width: number, height: number) =>
  sharp(renderTexturedScene(Math.max(width, height)), {
    raw: { width: Math.max(width, height), height: Math.max(width, height), channels: 3 },
  })
    .extract({ left: 0, top: 0, width, height })
    .png()
    .toBuffer();

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('built-in upscaler pipeline', () => {
  it.each(['png', 'jpeg', 'webp'] as UpscaleFormat[])(
    'encodes %s at exactly 4× the input size',
    async (format) => {
      const result = await upscaler.upscale({ input: await rgbPng(37, 22), format, quality: 85 });
      const header = await sharp(result.data).metadata();
      expect(header.format).toBe(format);
      expect([header.width, header.height, result.width, result.height]).toEqual([148, 88, 148, 88]);
      expect(result.bytes).toBe(result.data.length);
      expect(result.inferenceMs).toBeGreaterThan(0);
    },
  );

  it('reports progress once per tile, up to the tile count', async () => {
    const calls: [number, number][] = [];
    await upscaler.upscale({ input: await rgbPng(300, 200), format: 'jpeg' }, (done, total) =>
      calls.push([done, total]),
    );
    const total = countTiles(300, 200, UPSCALE_TILE_SIZE);
    expect(total).toBeGreaterThan(1);
    expect(calls).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });

  it('keeps alpha, upscaled as a plain lanczos3 resize', async () => {
    const width = 24;
    const height = 16;
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([200, 40, 90, (i % width) * 11], i * 4);
    const input = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const expectedAlpha = await sharp(input)
      .extractChannel(3)
      .resize(96, 64, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();

    for (const format of ['png', 'webp'] as const) {
      const result = await upscaler.upscale({ input, format, quality: 100 });
      const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels, format).toBe(4);
      let largest = 0;
      for (let i = 0; i < 96 * 64; i++)
        largest = Math.max(largest, Math.abs(data[i * 4 + 3] - expectedAlpha[i]));
      expect(largest, format).toBeLessThanOrEqual(format === 'png' ? 0 : 2);
    }
  });

  it('flattens alpha onto white for JPEG, which cannot carry it', async () => {
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await upscaler.upscale({ input: transparent, format: 'jpeg' });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(Math.min(...data)).toBeGreaterThanOrEqual(250);
  });

  it('keeps a greyscale image greyscale, with or without alpha', async () => {
    const grey = Buffer.from(renderTexturedScene(20).filter((_, i) => i % 3 === 0));
    const greyPng = await sharp(grey, { raw: { width: 20, height: 20, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const result = await upscaler.upscale({ input: greyPng, format: 'png' });
    const header = await sharp(result.data).metadata();
    expect([header.space, header.channels, header.width]).toEqual(['b-w', 1, 80]);

    const withAlpha = await sharp(greyPng).ensureAlpha(0.5).toColourspace('b-w').png().toBuffer();
    expect((await sharp(withAlpha).metadata()).channels).toBe(2);
    const translucent = await upscaler.upscale({ input: withAlpha, format: 'png' });
    const translucentHeader = await sharp(translucent.data).metadata();
    expect([translucentHeader.space, translucentHeader.channels, translucentHeader.width]).toEqual([
      'b-w',
      2,
      80,
    ]);
    // sharp reads grey + alpha back as RGBA.
    const data = await sharp(translucent.data).raw().toBuffer();
    expect(Math.abs(data[3] - 128)).toBeLessThanOrEqual(1);
  });

  it('applies the EXIF orientation and writes no metadata', async () => {
    const input = await sharp(await rgbPng(16, 12))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'someone', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await upscaler.upscale({ input, format: 'jpeg' });
    const header = await sharp(result.data).metadata();
    // Orientation 6 turns the 16×12 picture upright as 12×16.
    expect([header.width, header.height]).toEqual([48, 64]);
    expect([header.exif, header.icc, header.xmp, header.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses images over the pixel cap before decoding them', async () => {
    const side = Math.ceil(Math.sqrt(MAX_UPSCALE_INPUT_PIXELS)) + 1;
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const error = await rejection(upscaler.upscale({ input: huge, format: 'png' }));
    expect([error.code, error.reason]).toEqual(['payload_too_large', 'too_many_pixels']);
  });

  it("refuses outputs beyond the format's size limit", async () => {
    const wide = await sharp({ create: { width: 4100, height: 2, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const error = await rejection(upscaler.upscale({ input: wide, format: 'webp' }));
    expect(error.code).toBe('payload_too_large');
  });

  it('refuses bytes that are not a JPEG, PNG or WebP image', async () => {
    expect(
      (await rejection(upscaler.upscale({ input: Buffer.from('not an image'), format: 'png' }))).code,
    ).toBe('invalid_argument');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await rejection(upscaler.upscale({ input: gif, format: 'png' }))).code).toBe(
      'unsupported_media_type',
    );
  });

  it('refuses a quality outside 1-100', async () => {
    const error = await rejection(
      upscaler.upscale({ input: await rgbPng(4, 4), format: 'jpeg', quality: 0 }),
    );
    expect(error.code).toBe('invalid_argument');
  });
});
