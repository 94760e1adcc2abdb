// "pictura-emoji", the default generator when no real model is installed: Pictura Emoji draws the thing the
// prompt names (one of ~1,400 emoji it learned, in any of the 16 languages), the built-in upscaler enlarges
// it 4×, and it is placed on a canvas of the requested size whose background the abstract model paints.
// A prompt that names nothing it knows gets the abstract picture alone, and says so (`subject.found`).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import type * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { Upscaler } from '../../upscale/upscale.pipeline.ts';
import type { ImagePipeline, RenderedImage } from '../abstract.pipeline.ts';
import {
  EMOJI_MODEL_DIR,
  EMOJI_SIDE,
  EMOJI_STEPS,
  type EmojiModel,
  loadEmojiModel,
  negativeConcept,
} from './emoji.model.ts';
import { emojiStyleVector } from './emoji.styles.ts';

export const EMOJI_PIPELINE_NAME = DEFAULT_GENERATE_MODEL;

/** Bytes of the committed model files (the size the Models page shows). */
export function emojiModelBytes(dir = EMOJI_MODEL_DIR): number {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.onnx') || file.endsWith('.json'))
    .reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}
/** The subject's side as a share of the canvas's shorter side. */
const SUBJECT_SHARE = 0.72;
/** The background is softened (a shallow depth of field) so the subject reads first. */
const BACKGROUND_BLUR_SHARE = 1 / 160;
const SHADOW_OPACITY = 0.35;

export interface EmojiPipeline extends ImagePipeline {
  readonly model: EmojiModel;
  release(): Promise<void>;
}

/** Opacity below this is the sampler's leftover noise on the empty canvas, not part of the drawing. */
const ALPHA_FLOOR = 0.04;

/**
 * Planes [4][64][64] in [0, 1] → two RGB images the upscaler takes: the premultiplied colour, and the alpha
 * repeated in all three channels (the upscaler's colour path, so both are enlarged alike).
 */
function planesToPngs(planes: Float32Array) {
  const n = EMOJI_SIDE * EMOJI_SIDE;
  const colour = Buffer.alloc(n * 3);
  const alpha = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const a = planes[3 * n + i]! < ALPHA_FLOOR ? 0 : planes[3 * n + i]!;
    for (let c = 0; c < 3; c++) {
      colour[i * 3 + c] = Math.round(Math.min(a, planes[c * n + i]!) * 255);
      alpha[i * 3 + c] = Math.round(a * 255);
    }
  }
  const raw = { width: EMOJI_SIDE, height: EMOJI_SIDE, channels: 3 } as const;
  return Promise.all(
    [colour, alpha].map((pixels) => sharp(pixels, { raw }).png({ compressionLevel: 0 }).toBuffer()),
  );
}

/** ×4 by the upscaler, then lanczos to `side`: RGB bytes, or for the alpha image its first channel. */
async function enlarge(upscaler: Upscaler, png: Buffer, side: number, channels: 1 | 3) {
  const big = await upscaler.upscale({ input: png, format: 'png' });
  let resized = sharp(big.data).resize(side, side, { kernel: 'lanczos3' }).removeAlpha();
  if (channels === 1) resized = resized.extractChannel(0);
  return resized.raw().toBuffer();
}

/** Places the premultiplied subject, with a soft shadow, in the middle of the background (in place). */
async function composite(background: RenderedImage, colour: Buffer, alpha: Buffer, side: number) {
  const { width, height, data } = background;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const blur = Math.max(1, side / 40);
  const shadow = await sharp(alpha, { raw: { width: side, height: side, channels: 1 } })
    .blur(blur)
    // libvips blurs a one-band image into three bands: keep one.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const drop = Math.round(side / 36);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const out = ((top + y) * width + left + x) * 3;
      const sy = y - drop;
      const s = sy >= 0 ? (shadow[sy * side + x]! / 255) * SHADOW_OPACITY : 0;
      const a = alpha[y * side + x]! / 255;
      for (let c = 0; c < 3; c++) {
        const under = data[out + c]! * (1 - s);
        data[out + c] = Math.min(255, Math.round(colour[(y * side + x) * 3 + c]! + under * (1 - a)));
      }
    }
  }
}

export async function createEmojiPipeline(
  runtime: typeof ort,
  sessionOptions: ort.InferenceSession.SessionOptions,
  parts: { background: ImagePipeline; upscaler: Upscaler; modelDir?: string },
): Promise<EmojiPipeline> {
  const model = await loadEmojiModel(runtime, sessionOptions, parts.modelDir);
  return {
    name: EMOJI_PIPELINE_NAME,
    model,
    release: () => model.release(),
    async generate(params, onProgress) {
      const understood = await model.understand(params.prompt);
      const total = EMOJI_STEPS + 3;
      const background = await parts.background.generate(params);
      onProgress?.(1, total);
      if (!understood.concept) {
        onProgress?.(total, total);
        return { ...background, subject: { found: false } };
      }
      const negative = await negativeConcept(model, params.negativePrompt);
      const planes = await model.sample(
        understood.concept.index,
        negative,
        emojiStyleVector(params.style, params.color),
        params.seed,
        (step) => onProgress?.(1 + step, total),
      );
      const side = Math.max(8, Math.round(Math.min(params.width, params.height) * SUBJECT_SHARE));
      const [colourPng, alphaPng] = await planesToPngs(planes);
      const [colour, alpha] = await Promise.all([
        enlarge(parts.upscaler, colourPng, side, 3),
        enlarge(parts.upscaler, alphaPng, side, 1),
      ]);
      onProgress?.(total - 1, total);
      const sigma = Math.max(params.width, params.height) * BACKGROUND_BLUR_SHARE;
      const soft = await sharp(background.data, {
        raw: { width: background.width, height: background.height, channels: 3 },
      })
        .blur(Math.max(0.3, sigma))
        .raw()
        .toBuffer();
      const canvas: RenderedImage = {
        ...background,
        data: new Uint8Array(soft.buffer, soft.byteOffset, soft.length),
      };
      await composite(canvas, colour, alpha, side);
      onProgress?.(total, total);
      const { emoji, name } = understood.concept;
      return { ...canvas, subject: { found: true, emoji, name } };
    },
  };
}
