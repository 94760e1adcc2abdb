import type { UpscaleFormat } from '@pictura/common/queues';
import sharp from 'sharp';
import type { RenderedImage } from '../generate/abstract.pipeline.ts';
import { watermarkSvg } from './watermark.ts';

const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

/**
 * Encodes a rendered image as PNG (RGBA for a transparent background, else RGB), with the free plan's
 * watermark when asked; no metadata is written.
 */
export async function encodeGeneratedPng(image: RenderedImage, watermark: boolean): Promise<Buffer> {
  const raw = { raw: { width: image.width, height: image.height, channels: image.channels } };
  if (!watermark) return sharp(image.data, raw).png(PNG_OPTIONS).toBuffer();
  // Compositing yields RGBA: an opaque image drops the alpha again, so a watermarked image is the same kind
  // of PNG; a transparent one keeps it (the badge is drawn over whatever is there, transparency too).
  const { data, info } = await sharp(image.data, raw)
    .composite([{ input: watermarkSvg(image.width, image.height), gravity: 'southeast' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const marked = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return (image.channels === 4 ? marked : marked.removeAlpha()).png(PNG_OPTIONS).toBuffer();
}

/** Marks an already encoded image (an upscale result) and encodes it again in the same format. */
export async function watermarkEncoded(data: Uint8Array, format: UpscaleFormat): Promise<Buffer> {
  const image = sharp(data);
  const { width = 0, height = 0 } = await image.metadata();
  return image
    .composite([{ input: watermarkSvg(width, height), gravity: 'southeast' }])
    .toFormat(format, format === 'png' ? PNG_OPTIONS : { quality: 90 })
    .toBuffer();
}
