import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeUploadedImage, type ImageRejectedCode, ImageRejectedError } from './image-decode.ts';
import { MAX_UPLOAD_BYTES, NOT_AN_IMAGE_MESSAGE } from './image-sniff.ts';

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedCode> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).code;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid all-black 1-bit greyscale PNG: huge declared size, tiny file (a decompression bomb's shape). */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13); // compression, filter and interlace bytes stay 0
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero bits per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } });

describe('decodeUploadedImage', () => {
  it('decodes a PNG to raw pixels', async () => {
    // A plain Uint8Array, not a Buffer: callers hand over whatever their stream produced.
    const image = await decodeUploadedImage(new Uint8Array(await solid(6, 4).png().toBuffer()));
    expect(image).toMatchObject({ width: 6, height: 4, channels: 3, type: 'image/png' });
    expect(image.data.length).toBe(6 * 4 * 3);
    expect([...image.data.subarray(0, 3)]).toEqual([200, 100, 50]);
  });

  it('decodes a WebP with alpha', async () => {
    const image = await decodeUploadedImage(await solid(5, 5, 4).webp({ lossless: true }).toBuffer());
    expect(image).toMatchObject({ width: 5, height: 5, channels: 4, type: 'image/webp' });
  });

  it('turns a JPEG upright from its EXIF orientation', async () => {
    // Orientation 6: stored landscape, meant to be shown rotated 90° clockwise (a phone held upright).
    const jpeg = await solid(20, 10).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const image = await decodeUploadedImage(jpeg);
    expect(image).toMatchObject({ width: 10, height: 20, channels: 3, type: 'image/jpeg' });
  });

  it('refuses a text file renamed .png', async () => {
    const error = await decodeUploadedImage(Buffer.from('hello, I am cat.png')).catch((caught) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ code: 'not_an_image', message: NOT_AN_IMAGE_MESSAGE });
  });

  it('refuses a PNG signature followed by garbage', async () => {
    const bytes = Buffer.concat([
      (await solid(4, 4).png().toBuffer()).subarray(0, 8),
      Buffer.alloc(500, 0xab),
    ]);
    expect(await rejection(decodeUploadedImage(bytes))).toBe('not_an_image');
  });

  it('refuses a truncated PNG', async () => {
    const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251));
    const full = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    expect(await rejection(decodeUploadedImage(full.subarray(0, Math.floor(full.length * 0.6))))).toBe(
      'not_an_image',
    );
  });

  it('refuses formats sharp reads but we do not accept (GIF, SVG)', async () => {
    expect(await rejection(decodeUploadedImage(await solid(4, 4).gif().toBuffer()))).toBe('not_an_image');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect(await rejection(decodeUploadedImage(svg))).toBe('not_an_image');
  });

  it('refuses more than 10 MB', async () => {
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await rejection(decodeUploadedImage(bytes))).toBe('too_large');
  });

  it('builds valid single-colour PNGs (the bomb below is a real image)', async () => {
    const image = await decodeUploadedImage(blackPng(100, 50));
    expect(image).toMatchObject({ width: 100, height: 50, type: 'image/png' });
    expect(image.data.every((sample) => sample === 0)).toBe(true);
  });

  it('refuses a 20000×20000 PNG of a few kilobytes from its header, without decoding it', async () => {
    const bomb = blackPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const started = performance.now();
    expect(await rejection(decodeUploadedImage(bomb))).toBe('too_many_pixels');
    // Inflating 400 megapixels takes seconds and hundreds of MB; reading a header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('applies a caller-chosen pixel cap', async () => {
    const png = await solid(100, 100).png().toBuffer();
    expect(await rejection(decodeUploadedImage(png, { maxPixels: 9_999 }))).toBe('too_many_pixels');
    await expect(decodeUploadedImage(png, { maxPixels: 10_000 })).resolves.toMatchObject({ width: 100 });
  });
});
