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
import type { GenerateParams, ImagePipeline, RenderedImage } from '../abstract.pipeline.ts';
import { fitInitImage, type InitImage, startStep } from '../init-image.ts';
import {
  EMOJI_MODEL_DIR,
  EMOJI_SIDE,
  EMOJI_STEPS,
  type EmojiModel,
  loadEmojiModel,
  negativeConcept,
  type Understood,
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

/** The subject's side on a canvas of this size. */
const subjectSide = (width: number, height: number) =>
  Math.max(8, Math.round(Math.min(width, height) * SUBJECT_SHARE));

/** Enlarges the drawn planes and places them on the softened background: the finished picture. */
async function finish(
  upscaler: Upscaler,
  planes: Float32Array,
  background: RenderedImage,
): Promise<RenderedImage> {
  const { width, height } = background;
  const side = subjectSide(width, height);
  const [colourPng, alphaPng] = await planesToPngs(planes);
  const [colour, alpha] = await Promise.all([
    enlarge(upscaler, colourPng, side, 3),
    enlarge(upscaler, alphaPng, side, 1),
  ]);
  const sigma = Math.max(width, height) * BACKGROUND_BLUR_SHARE;
  const soft = await sharp(background.data, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer();
  const canvas: RenderedImage = {
    ...background,
    data: new Uint8Array(soft.buffer, soft.byteOffset, soft.length),
  };
  await composite(canvas, colour, alpha, side);
  return canvas;
}

/** The subject's square of the starting image (where the subject will sit) as opaque planes [4][64][64]. */
async function startPlanes(photo: Uint8Array, width: number, height: number): Promise<Float32Array> {
  const side = subjectSide(width, height);
  const rgb = await sharp(photo, { raw: { width, height, channels: 3 } })
    .extract({
      left: Math.floor((width - side) / 2),
      top: Math.floor((height - side) / 2),
      width: side,
      height: side,
    })
    .resize(EMOJI_SIDE, EMOJI_SIDE, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const n = EMOJI_SIDE * EMOJI_SIDE;
  const planes = new Float32Array(4 * n);
  // Opaque in the middle, fading out over the outer band: the model was trained on subjects on transparency,
  // and a square that stays opaque to its edges would be pasted onto the background as a hard-edged tile.
  const band = EMOJI_SIDE * 0.2;
  for (let i = 0; i < n; i++) {
    const x = i % EMOJI_SIDE;
    const y = Math.floor(i / EMOJI_SIDE);
    const edge = Math.min(x, y, EMOJI_SIDE - 1 - x, EMOJI_SIDE - 1 - y) + 0.5;
    const t = Math.min(1, edge / band);
    const alpha = t * t * (3 - 2 * t);
    // Premultiplied, as the model's pictures are.
    for (let c = 0; c < 3; c++) planes[c * n + i] = (rgb[i * 3 + c]! / 255) * alpha;
    planes[3 * n + i] = alpha;
  }
  return planes;
}

export async function createEmojiPipeline(
  runtime: typeof ort,
  sessionOptions: ort.InferenceSession.SessionOptions,
  parts: { background: ImagePipeline; upscaler: Upscaler; modelDir?: string },
): Promise<EmojiPipeline> {
  const model = await loadEmojiModel(runtime, sessionOptions, parts.modelDir);

  /**
   * Image-to-image in pixel space (no VAE): the flow starts from the starting image's middle square, noised
   * to the time the strength gives, and draws the prompt's subject (a variation, with no prompt, takes the
   * unconditional path); the background is the starting image blended towards a fresh abstract one by the
   * strength. Strength 0 returns the starting image fitted to the canvas.
   */
  async function imageToImage(
    params: GenerateParams,
    init: InitImage,
    onProgress?: (done: number, total: number) => void,
  ): Promise<RenderedImage> {
    const { width, height } = params;
    const photo = await fitInitImage(init.image, width, height);
    const first = startStep(EMOJI_STEPS, init.strength);
    const total = EMOJI_STEPS - first + 3;
    if (first === EMOJI_STEPS) {
      onProgress?.(total, total);
      return { data: photo, width, height, channels: 3 };
    }
    const { init: _, ...textOnly } = params;
    const [understood, abstract, planes] = await Promise.all([
      params.prompt.trim() ? model.understand(params.prompt) : Promise.resolve({} as Understood),
      parts.background.generate(textOnly),
      startPlanes(photo, width, height),
    ]);
    onProgress?.(1, total);
    const background = new Uint8Array(photo.length);
    for (let i = 0; i < photo.length; i++) {
      background[i] = Math.round(photo[i]! * (1 - init.strength) + abstract.data[i]! * init.strength);
    }
    const negative = await negativeConcept(model, params.negativePrompt);
    const drawn = await model.sample(
      understood.concept?.index,
      negative,
      emojiStyleVector(params.style, params.color),
      params.seed,
      (step) => onProgress?.(1 + step - first, total),
      { planes, step: first },
    );
    onProgress?.(total - 1, total);
    const canvas = await finish(parts.upscaler, drawn, { data: background, width, height, channels: 3 });
    onProgress?.(total, total);
    const concept = understood.concept;
    return {
      ...canvas,
      subject: concept ? { found: true, emoji: concept.emoji, name: concept.name } : { found: false },
    };
  }

  return {
    name: EMOJI_PIPELINE_NAME,
    model,
    release: () => model.release(),
    imageInput: true,
    async generate(params, onProgress) {
      if (params.init) return imageToImage(params, params.init, onProgress);
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
      onProgress?.(total - 1, total);
      const canvas = await finish(parts.upscaler, planes, background);
      onProgress?.(total, total);
      const { emoji, name } = understood.concept;
      return { ...canvas, subject: { found: true, emoji, name } };
    },
  };
}
