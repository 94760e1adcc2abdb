import sharp from 'sharp';
import type { RenderedImage } from '../generate/abstract.pipeline.ts';
import { watermarkSvg } from './watermark.ts';

/** Encodes a rendered image as PNG, with the free plan's watermark when asked; no metadata is written. */
export async function encodeGeneratedPng(image: RenderedImage, watermark: boolean): Promise<Buffer> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (watermark) {
    pipeline = pipeline.composite([{ input: watermarkSvg(image.width, image.height), gravity: 'southeast' }]);
  }
  return pipeline.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}
