// Pictura Emoji's networks, trained by this project (training/pictura-emoji, model card in
// services/worker/models/pictura-emoji/MODEL_CARD.md): a text encoder that reads which concept the prompt's
// known tokens name (or that they name nothing it knows), and a rectified-flow denoiser that draws a concept,
// sampled in a few Euler steps with classifier-free guidance, giving a 64 px premultiplied RGBA picture.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as ort from 'onnxruntime-node';
import { seededNormals } from '../seeded-random.ts';
import { emojiTokenIds } from './emoji.tokenizer.ts';

/** The committed model files. */
export const EMOJI_MODEL_DIR = new URL('../../../models/pictura-emoji/', import.meta.url).pathname;
export const EMOJI_SIDE = 64;
const CHANNELS = 4;
/** Euler steps from noise to picture; measured in the evaluation (MODEL_CARD.md). */
export const EMOJI_STEPS = 8;
export const EMOJI_GUIDANCE = 3;
/**
 * Below this probability for its best concept, the prompt is not taken to name anything the model knows.
 * Prompts of words it does not know scored up to 0.26 ("the theory of relativity", "hello world"); prompts
 * that name a thing it knows mostly score above 0.5.
 */
export const MIN_CONFIDENCE = 0.3;

interface Vocabulary {
  maxTokens: number;
  /** Token id → token; id 0 pads. */
  tokens: string[];
  /** Concept index (the text encoder's logits) → what it draws. */
  concepts: { emoji: string; name: string }[];
}

function readVocabulary(text: string): Vocabulary {
  const value = JSON.parse(text) as Vocabulary;
  const valid =
    Number.isInteger(value.maxTokens) &&
    value.maxTokens > 0 &&
    Array.isArray(value.tokens) &&
    value.tokens.every((t) => typeof t === 'string') &&
    Array.isArray(value.concepts) &&
    value.concepts.every((c) => typeof c?.emoji === 'string' && typeof c?.name === 'string');
  if (!valid)
    throw new Error('vocabulary.json: expected { maxTokens, tokens: string[], concepts: {emoji, name}[] }');
  return value;
}

export interface Understood {
  /** The concept it will draw, or undefined when nothing in the prompt is known well enough. */
  concept?: { index: number; emoji: string; name: string; confidence: number };
}

export interface EmojiModel {
  concepts: readonly { emoji: string; name: string }[];
  understand(prompt: string): Promise<Understood>;
  /**
   * A 4×64×64 premultiplied RGBA picture of `concept` in [0, 1], channel planes; guidance pushes away from
   * `negative` (a concept) or, without one, from a picture of nothing in particular. Without a concept it
   * draws "nothing it knows" (the unconditional path). With `start`, the flow begins at step `start.step`
   * from that picture (same layout) mixed with noise as the flow's time there says: image-to-image.
   */
  sample(
    concept: number | undefined,
    negative: number | undefined,
    style: Float32Array,
    seed: number,
    onStep?: (step: number, steps: number) => void,
    start?: { planes: Float32Array; step: number },
  ): Promise<Float32Array>;
  /** Several pictures in one batch (a scene's things), each of its concept and seed; same options as sample. */
  sampleBatch(
    items: readonly { concept: number | undefined; seed: number }[],
    negative: number | undefined,
    style: Float32Array,
    onStep?: (step: number, steps: number) => void,
    start?: { planes: Float32Array; step: number },
  ): Promise<Float32Array[]>;
  release(): Promise<void>;
}

export async function loadEmojiModel(
  runtime: typeof ort,
  sessionOptions: ort.InferenceSession.SessionOptions,
  dir = EMOJI_MODEL_DIR,
): Promise<EmojiModel> {
  const vocabulary = readVocabulary(await readFile(join(dir, 'vocabulary.json'), 'utf8'));
  const ids = new Map(vocabulary.tokens.map((token, id) => [token, id]));
  const encoder = await runtime.InferenceSession.create(join(dir, 'text-encoder.onnx'), sessionOptions);
  const denoiser = await runtime.InferenceSession.create(join(dir, 'denoiser.onnx'), sessionOptions);
  const float = (data: Float32Array, dims: number[]) => new runtime.Tensor('float32', data, dims);

  /** The last logit is "nothing it knows" (trained on prompts of generic words only). */
  const nothing = vocabulary.concepts.length;

  const model: EmojiModel = {
    concepts: vocabulary.concepts,
    async understand(prompt) {
      const tokens = emojiTokenIds(prompt, ids, vocabulary.maxTokens);
      if (tokens.length === 0) return {};
      const out = await encoder.run({
        token_ids: new runtime.Tensor('int64', BigInt64Array.from(tokens, BigInt), [1, tokens.length]),
      });
      const logits = out.concept_logits!.data as Float32Array;
      let best = 0;
      for (let i = 1; i < logits.length; i++) if (logits[i]! > logits[best]!) best = i;
      let sum = 0;
      for (const logit of logits) sum += Math.exp(logit - logits[best]!);
      const confidence = 1 / sum;
      if (best === nothing || confidence < MIN_CONFIDENCE) return {};
      const { emoji, name } = vocabulary.concepts[best]!;
      return { concept: { index: best, emoji, name, confidence } };
    },
    async sample(concept, negative, style, seed, onStep, start) {
      const [planes] = await model.sampleBatch([{ concept, seed }], negative, style, onStep, start);
      return planes!;
    },
    async sampleBatch(items, negative, style, onStep, start) {
      const size = CHANNELS * EMOJI_SIDE * EMOJI_SIDE;
      const k = items.length;
      const xs = items.map((item) => seededNormals(item.seed, size));
      const first = start ? Math.min(EMOJI_STEPS, Math.max(0, start.step)) : 0;
      if (start) {
        // Rectified flow: x_t = (1 − t)·noise + t·picture, the picture in [-1, 1] as the model was trained.
        const t0 = first / EMOJI_STEPS;
        for (const x of xs)
          for (let i = 0; i < size; i++) x[i] = (1 - t0) * x[i]! + t0 * (start.planes[i]! * 2 - 1);
      }
      // One batch per step: each item's concept, then the negative prompt's (or none) for each.
      const conditions = BigInt64Array.from(
        [...items.map((item) => item.concept ?? nothing), ...items.map(() => negative ?? nothing)],
        BigInt,
      );
      const concepts = new runtime.Tensor('int64', conditions, [2 * k]);
      const styles = new Float32Array(2 * k * style.length);
      for (let b = 0; b < 2 * k; b++) styles.set(style, b * style.length);
      const samples = new Float32Array(2 * k * size);
      const times = new Float32Array(2 * k);
      const dt = 1 / EMOJI_STEPS;
      for (let step = first; step < EMOJI_STEPS; step++) {
        times.fill(step / EMOJI_STEPS);
        xs.forEach((x, b) => {
          samples.set(x, b * size);
          samples.set(x, (k + b) * size);
        });
        const out = await denoiser.run({
          sample: float(samples, [2 * k, CHANNELS, EMOJI_SIDE, EMOJI_SIDE]),
          t: float(times, [2 * k]),
          concept: concepts,
          style: float(styles, [2 * k, style.length]),
        });
        const v = out.velocity!.data as Float32Array;
        xs.forEach((x, b) => {
          const cond = b * size;
          const uncond = (k + b) * size;
          for (let i = 0; i < size; i++) {
            const guided = v[uncond + i]! + EMOJI_GUIDANCE * (v[cond + i]! - v[uncond + i]!);
            x[i] = x[i]! + dt * guided;
          }
        });
        onStep?.(step + 1, EMOJI_STEPS);
      }
      for (const x of xs) for (let i = 0; i < size; i++) x[i] = Math.min(1, Math.max(0, (x[i]! + 1) / 2));
      return xs;
    },
    async release() {
      await encoder.release();
      await denoiser.release();
    },
  };
  return model;
}
