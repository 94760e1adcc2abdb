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
import { NO_LIGHT, paste, softenBackground, spriteFromPlanes } from '../scene/scene.compositor.ts';
import { loadSceneLexicon } from '../scene/scene.lexicon.ts';
import { loadPictureLibrary } from '../scene/scene.library.ts';
import { createScenePainter, type ScenePainter } from '../scene/scene.pipeline.ts';
import { EMOJI_MODEL_DIR, EMOJI_SIDE, EMOJI_STEPS, type EmojiModel, loadEmojiModel } from './emoji.model.ts';
import { emojiStyleVector } from './emoji.styles.ts';

export const EMOJI_PIPELINE_NAME = DEFAULT_GENERATE_MODEL;

/** Bytes of the committed model files (the size the Models page shows). */
export function emojiModelBytes(dir = EMOJI_MODEL_DIR): number {
  return readdirSync(dir)
    .filter((file) => /\.(onnx|json|bin)$/.test(file))
    .reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}
/** The subject's side as a share of the canvas's shorter side. */
const SUBJECT_SHARE = 0.72;

export interface EmojiPipeline extends ImagePipeline {
  readonly model: EmojiModel;
  /** Pictura Scenes: reads prompts into scenes and paints them. */
  readonly scenes: ScenePainter;
  release(): Promise<void>;
}

/** The subject's side on a canvas of this size. */
const subjectSide = (width: number, height: number) =>
  Math.max(8, Math.round(Math.min(width, height) * SUBJECT_SHARE));

/**
 * The drawn planes on the softened background, in the square they were drawn from (image-to-image keeps the
 * starting image's composition), standing on a contact shadow: the finished picture.
 */
async function finish(
  upscaler: Upscaler,
  planes: Float32Array,
  background: RenderedImage,
): Promise<RenderedImage> {
  const { width, height } = background;
  const side = subjectSide(width, height);
  const [sprite, canvas] = await Promise.all([
    spriteFromPlanes(upscaler, planes, { trim: false }),
    softenBackground(background),
  ]);
  const placement = {
    thing: 0,
    copy: 0,
    x: width / 2,
    y: Math.floor((height - side) / 2) + side,
    height: side,
    flip: false,
    grounded: true,
  };
  await paste(canvas, sprite, placement, NO_LIGHT, true);
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
  const lexicon = loadSceneLexicon(parts.modelDir ?? EMOJI_MODEL_DIR, model.concepts);
  const scenes = createScenePainter({
    model,
    lexicon,
    background: parts.background,
    upscaler: parts.upscaler,
    library: loadPictureLibrary(parts.modelDir ?? EMOJI_MODEL_DIR, lexicon, parts.upscaler),
  });

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
    // The scene reader names the subject (by meaning, as for text-to-image); image-to-image draws one thing.
    const main = scenes.mainConcept(params.prompt);
    const [abstract, planes] = await Promise.all([
      parts.background.generate(textOnly),
      startPlanes(photo, width, height),
    ]);
    onProgress?.(1, total);
    const background = new Uint8Array(photo.length);
    for (let i = 0; i < photo.length; i++) {
      background[i] = Math.round(photo[i]! * (1 - init.strength) + abstract.data[i]! * init.strength);
    }
    const negative = scenes.mainConcept(params.negativePrompt)?.concept;
    const drawn = await model.sample(
      main?.concept,
      negative,
      emojiStyleVector(params.style, params.color),
      params.seed,
      (step) => onProgress?.(1 + step - first, total),
      { planes, step: first },
    );
    onProgress?.(total - 1, total);
    const canvas = await finish(parts.upscaler, drawn, { data: background, width, height, channels: 3 });
    onProgress?.(total, total);
    return {
      ...canvas,
      subject: main ? { found: true, emoji: main.emoji ?? '', name: main.name } : { found: false },
    };
  }

  return {
    name: EMOJI_PIPELINE_NAME,
    model,
    scenes,
    release: () => model.release(),
    imageInput: true,
    transparentBackground: true,
    async generate(params, onProgress) {
      if (params.init) return imageToImage(params, params.init, onProgress);
      return scenes.render(params, onProgress);
    },
  };
}
