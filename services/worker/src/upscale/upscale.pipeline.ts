// The 4× upscale job from encoded bytes to encoded bytes: decode upright with sharp, upscale the colour in
// tiles through the model, upscale alpha with a plain lanczos3 resize, encode without metadata.
import { basename } from 'node:path';
import { AppError } from '@pictura/common/app-error';
import type { UpscaleFormat } from '@pictura/common/queues';
import sharp from 'sharp';
import { buildBuiltinUpscalerModel } from './builtin-upscaler.model.ts';
import { type EsrganModel, loadEsrganModel, type OnnxRuntime, type SessionOptions } from './esrgan.model.ts';
import { chooseTileSize, DEFAULT_TILE_PAD, type Raster, upscaleInTiles } from './tiler.ts';

export type { UpscaleFormat };

export interface UpscaleRequest {
  /** Encoded JPEG, PNG or WebP. */
  input: Uint8Array;
  format: UpscaleFormat;
  /** JPEG/WebP quality 1-100, default 90; ignored for PNG. */
  quality?: number;
}

export interface UpscaleResult {
  data: Buffer;
  format: UpscaleFormat;
  width: number;
  height: number;
  bytes: number;
  /** Time spent running the model over the tiles (not decoding or encoding). */
  inferenceMs: number;
}

export interface Upscaler {
  readonly name: string;
  readonly scale: 4;
  upscale(req: UpscaleRequest, onProgress?: (done: number, total: number) => void): Promise<UpscaleResult>;
  release(): Promise<void>;
}

/**
 * Largest input accepted (width × height): a 4K frame, whose ×4 output (15360 × 8640) WebP can still hold.
 * The output is held as 8-bit pixels and then encoded in memory; a 3000² RGBA noise image (the worst case:
 * its PNG does not compress) peaked at 1.34 GB RSS, so this keeps a job under the 1.5 GB budget.
 */
export const MAX_UPSCALE_INPUT_PIXELS = 3840 * 2160;
/** Largest output side each encoder can write (WebP's format limit is 16383). */
export const MAX_OUTPUT_SIDE: Readonly<Record<UpscaleFormat, number>> = {
  png: 65535,
  jpeg: 65535,
  webp: 16383,
};
/**
 * Tile size in input pixels. For the built-in model 128 beats 256 by about 1.5× on 2 cores: a 148² tile's
 * ×4 tensors (4 MB) stay in cache. Real-ESRGAN's compact model also runs best on CPU at 64-128 px tiles.
 */
export const UPSCALE_TILE_SIZE = 128;
const DEFAULT_QUALITY = 90;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export async function createBuiltinUpscaler(
  runtime: OnnxRuntime,
  sessionOptions?: SessionOptions,
): Promise<Upscaler> {
  // The built-in model has Real-ESRGAN's signature, so one loader serves both.
  const model = await loadEsrganModel(runtime, buildBuiltinUpscalerModel(), sessionOptions);
  return upscalerFor('builtin-x4', model, UPSCALE_TILE_SIZE);
}

export async function createEsrganUpscaler(
  runtime: OnnxRuntime,
  modelPath: string,
  sessionOptions?: SessionOptions,
): Promise<Upscaler> {
  const model = await loadEsrganModel(runtime, modelPath, sessionOptions);
  if (model.fixedSide !== undefined && model.fixedSide <= 2 * DEFAULT_TILE_PAD) {
    await model.release();
    throw new Error(
      `upscale model ${modelPath}: fixed input side ${model.fixedSide} leaves no room for tile context`,
    );
  }
  const tileSize = model.fixedSide !== undefined ? model.fixedSide - 2 * DEFAULT_TILE_PAD : UPSCALE_TILE_SIZE;
  return upscalerFor(`esrgan:${basename(modelPath)}`, model, tileSize, model.fixedSide === undefined);
}

function upscalerFor(name: string, model: EsrganModel, maxTileSize: number, shrinkTiles = true): Upscaler {
  return {
    name,
    scale: 4,
    release: () => model.release(),
    async upscale({ input, format, quality = DEFAULT_QUALITY }, onProgress) {
      if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
        throw new AppError('invalid_argument', 'Quality must be a whole number from 1 to 100');
      }
      const source = await decodeForUpscale(input, format);
      const width = source.width * model.scale;
      const height = source.height * model.scale;
      if (Math.max(width, height) > MAX_OUTPUT_SIDE[format]) {
        throw new AppError(
          'payload_too_large',
          `A ${width}×${height} ${format} is beyond the format's limit`,
          'too_many_pixels',
        );
      }
      const colourChannels = source.grey ? 1 : 3;
      const channels = colourChannels + (source.alpha ? 1 : 0);
      // Every byte is written below (colour by the tiler, alpha by the resize), so no need to zero it.
      const target: Raster = { data: Buffer.allocUnsafe(width * height * channels), width, height, channels };
      if (source.alpha) await upscaleAlpha(source, target);

      const tileSize = shrinkTiles ? chooseTileSize(source.width, source.height, maxTileSize) : maxTileSize;
      const started = performance.now();
      await upscaleInTiles(model, source, target, colourChannels, { tileSize, onProgress });
      const inferenceMs = performance.now() - started;

      const data = await encode(target, format, quality);
      return { data, format, width, height, bytes: data.length, inferenceMs };
    },
  };
}

interface DecodedSource extends Raster {
  grey: boolean;
  alpha: boolean;
}

async function decodeForUpscale(input: Uint8Array, format: UpscaleFormat): Promise<DecodedSource> {
  const open = () => sharp(input, { limitInputPixels: MAX_UPSCALE_INPUT_PIXELS, failOn: 'error' });
  try {
    // The header alone tells the container and whether the pixels are grey, before anything is inflated.
    const header = await open().metadata();
    if (!ACCEPTED_FORMATS.has(header.format)) {
      throw new AppError(
        'unsupported_media_type',
        'Upscaling takes JPEG, PNG or WebP images',
        'not_an_image',
      );
    }
    // rotate() applies the EXIF orientation; JPEG cannot carry alpha, so flatten onto white up front.
    let pipeline = open().rotate();
    if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' });
    // raw() output is 8-bit sRGB (3 or 4 channels) whatever the file held: 16-bit, palette, CMYK or grey.
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const grey = header.space === 'b-w' || header.space === 'grey16';
    return {
      data,
      width: info.width,
      height: info.height,
      channels: info.channels,
      grey,
      alpha: info.channels === 4,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(
        'payload_too_large',
        `Images to upscale may have at most ${MAX_UPSCALE_INPUT_PIXELS} pixels`,
        'too_many_pixels',
      );
    }
    throw new AppError('invalid_argument', 'The image could not be decoded', 'not_an_image');
  }
}

/** Alpha is a mask, not picture detail: a plain lanczos3 resize, written into the target's last channel. */
async function upscaleAlpha(source: DecodedSource, target: Raster): Promise<void> {
  const alpha = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 4 } })
    .extractChannel(3)
    .resize(target.width, target.height, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const stride = target.channels;
  const out = target.data;
  for (let i = 0, at = stride - 1; i < alpha.length; i++, at += stride) out[at] = alpha[i];
}

function encode(target: Raster, format: UpscaleFormat, quality: number): Promise<Buffer> {
  const { data, width, height, channels } = target;
  let image = sharp(data, {
    raw: { width, height, channels: channels as 1 | 2 | 3 | 4 },
    limitInputPixels: false,
  });
  // 1-2 channel raw pixels would otherwise be promoted to sRGB on output.
  if (channels <= 2) image = image.toColourspace('b-w');
  // No keepMetadata()/withMetadata(): the output carries no EXIF, XMP or ICC from the upload.
  if (format === 'png') return image.png().toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality }).toBuffer();
  return image.webp({ quality }).toBuffer();
}
