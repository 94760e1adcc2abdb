// One stored image in another container (OpenAI's output_format on /v1 answers): PNG stays as it is,
// JPEG and WebP at the quality asked (OpenAI's output_compression, 0..100; absent: 90).
import sharp from 'sharp';

export type ReencodeFormat = 'png' | 'jpeg' | 'webp';

export async function reencodeImage(bytes: Buffer, format: ReencodeFormat, quality = 90): Promise<Buffer> {
  if (format === 'png') return bytes;
  const q = Math.max(1, Math.min(100, Math.round(quality)));
  const image = sharp(bytes);
  return format === 'jpeg'
    ? image.flatten().jpeg({ quality: q }).toBuffer()
    : image.webp({ quality: q }).toBuffer();
}
