// Turns untrusted upload bytes into raw pixels, refusing anything that is not a JPEG/PNG/WebP or that
// would decode to more pixels than we are willing to hold in memory.
import sharp from 'sharp';
import {
  FILE_TOO_LARGE_MESSAGE,
  type ImageType,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  sniffImageType,
} from './image-sniff.ts';

export type ImageRejectedCode = 'not_an_image' | 'too_large' | 'too_many_pixels';

export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  readonly code: ImageRejectedCode;

  constructor(code: ImageRejectedCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export interface DecodeImageOptions {
  /** Pixel cap (width × height); defaults to MAX_INPUT_PIXELS. */
  maxPixels?: number;
}

export interface DecodedImage {
  /** Interleaved 8-bit samples, row by row, already turned upright; carries no metadata at all. */
  data: Buffer;
  width: number;
  height: number;
  /** 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA: as stored in the file. */
  channels: number;
  type: ImageType;
}

const TOO_MANY_PIXELS_MESSAGE = 'Image dimensions are too large';

export async function decodeUploadedImage(
  bytes: Uint8Array,
  options: DecodeImageOptions = {},
): Promise<DecodedImage> {
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  // Callers cap the stream already; this guards a caller that forgot.
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large', FILE_TOO_LARGE_MESSAGE);
  // Sniff before sharp sees the bytes, so its other loaders (SVG, PDF, TIFF, GIF...) are never reached.
  const type = sniffImageType(bytes);
  if (type === null) throw new ImageRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE);

  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
  try {
    // Read the header first: a bomb is refused on its declared size, before any pixel is inflated.
    const header = await input().metadata();
    if (!header.width || !header.height) throw new ImageRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE);
    if (header.width * header.height > maxPixels) {
      throw new ImageRejectedError('too_many_pixels', TOO_MANY_PIXELS_MESSAGE);
    }
    // rotate() applies the EXIF orientation; raw output has no container, so EXIF/XMP/ICC/GPS are all gone.
    const { data, info } = await input().rotate().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels, type };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    // sharp's own pixel limit (e.g. a header it reads differently from metadata()) is still a size refusal.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError('too_many_pixels', TOO_MANY_PIXELS_MESSAGE, { cause: error });
    }
    throw new ImageRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE, { cause: error });
  }
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * Encodes decoded pixels again in the container they came in (a photo stays a JPEG), with nothing of the
 * original file but its pixels: no EXIF, GPS, XMP or ICC. Quality is high enough that a later 4x shows no loss.
 */
export async function encodeWithoutMetadata(
  image: DecodedImage,
): Promise<{ data: Buffer; extension: (typeof EXTENSIONS)[ImageType] }> {
  const raw = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 },
  });
  const extension = EXTENSIONS[image.type];
  if (image.type === 'image/png') return { data: await raw.png().toBuffer(), extension };
  if (image.type === 'image/jpeg') return { data: await raw.jpeg({ quality: 95 }).toBuffer(), extension };
  return { data: await raw.webp({ quality: 95 }).toBuffer(), extension };
}
