import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeGeneratedPng, watermarkEncoded } from './encode-image.ts';

function flatImage(width: number, height: number) {
  const data = new Uint8Array(width * height * 3).fill(200);
  return { data, width, height, channels: 3 as const };
}

async function region(png: Buffer, left: number, top: number, width: number, height: number) {
  return sharp(png).extract({ left, top, width, height }).raw().toBuffer();
}

describe('encoding a generated image', () => {
  it('writes a PNG of the rendered size with no metadata', async () => {
    const png = await encodeGeneratedPng(flatImage(512, 768), false);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 768]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('marks the bottom-right corner of free-plan images, and only that corner', async () => {
    const plain = await encodeGeneratedPng(flatImage(512, 512), false);
    const marked = await encodeGeneratedPng(flatImage(512, 512), true);
    const corner = (png: Buffer) => region(png, 512 - 120, 512 - 40, 120, 40);
    expect(Buffer.compare(await corner(plain), await corner(marked))).not.toBe(0);
    const rest = (png: Buffer) => region(png, 0, 0, 512, 400);
    expect(Buffer.compare(await rest(plain), await rest(marked))).toBe(0);
  });
});

describe('the watermarked PNG', () => {
  it('stays RGB, like an unmarked one', async () => {
    const meta = await sharp(await encodeGeneratedPng(flatImage(256, 256), true)).metadata();
    expect([meta.channels, meta.hasAlpha]).toEqual([3, false]);
  });
});

describe('a transparent background', () => {
  /** A 4-channel image: a red square in the middle, nothing around it. */
  function sticker(side: number) {
    const data = new Uint8Array(side * side * 4);
    for (let y = side / 4; y < (side * 3) / 4; y++)
      for (let x = side / 4; x < (side * 3) / 4; x++) data.set([220, 40, 30, 255], (y * side + x) * 4);
    return { data, width: side, height: side, channels: 4 as const };
  }
  const alphaAt = async (png: Buffer, left: number, top: number) =>
    (await sharp(png).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())[3];

  it.each([false, true])(
    'stays transparent around the subjects in the PNG (watermarked: %s)',
    async (watermark) => {
      const png = await encodeGeneratedPng(sticker(256), watermark);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.channels, meta.hasAlpha]).toEqual(['png', 4, true]);
      expect(await alphaAt(png, 0, 0)).toBe(0);
      expect(await alphaAt(png, 128, 128)).toBe(255);
    },
  );

  it("still carries the free plan's mark in its corner", async () => {
    const corner = (png: Buffer) => region(png, 256 - 120, 256 - 40, 120, 40);
    const plain = await encodeGeneratedPng(sticker(256), false);
    const marked = await encodeGeneratedPng(sticker(256), true);
    expect(Buffer.compare(await corner(plain), await corner(marked))).not.toBe(0);
  });
});

describe('marking an upscaled image', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'keeps the size and format of a %s and marks its corner',
    async (format) => {
      const original = await sharp({
        create: { width: 640, height: 480, channels: 3, background: '#c8c8c8' },
      })
        .toFormat(format)
        .toBuffer();
      const marked = await watermarkEncoded(original, format);
      const meta = await sharp(marked).metadata();
      expect([meta.format === 'jpeg' ? 'jpeg' : meta.format, meta.width, meta.height]).toEqual([
        format,
        640,
        480,
      ]);
      const corner = (png: Buffer) =>
        sharp(png).extract({ left: 520, top: 440, width: 120, height: 40 }).raw().toBuffer();
      expect(Buffer.compare(await corner(original), await corner(marked))).not.toBe(0);
    },
  );
});
