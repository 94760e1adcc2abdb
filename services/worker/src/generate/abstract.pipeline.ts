// The built-in "pictura-abstract" text-to-image pipeline: ONNX models the project builds itself (no download),
// run on whatever onnxruntime the calling worker thread owns. The per-pixel fields model runs in tiles, so its
// memory stays small at any size; one small shader model per style turns the fields into the image.
import {
  ABSTRACT_GENERATE_MODEL,
  type Color,
  type Composition,
  type Lighting,
  SEED_MAX,
  STYLES,
  type Style,
} from '@pictura/common/generation-options';
import type { ImageSubject } from '@pictura/common/queues';
import type { ImageScene } from '@pictura/common/scene';
import type * as ort from 'onnxruntime-node';
import {
  COLOR_GRADES,
  COLOR_PARAMS,
  colorVector,
  LIGHTING_PARAMS,
  LIGHTING_RIGS,
  lightingVector,
} from './abstract.looks.ts';
import { buildPixelGrid } from './abstract.pixels.ts';
import { STYLE_SHADERS } from './abstract.styles.ts';
import { buildFieldsModel, FIELDS_MODEL_IO, LATENT_DIM, VOCAB_SIZE } from './abstract-fields.model.ts';
import { buildShaderModel, SHADER_MODEL_IO } from './abstract-shader.model.ts';
import type { InitImage } from './init-image.ts';
import { buildPromptLexicon } from './prompt.lexicon.ts';
import { promptTokenIds } from './prompt.tokenizer.ts';
import { seededNormals } from './seeded-random.ts';

export interface GenerateParams {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  seed: number;
  style: Style;
  color: Color;
  lighting: Lighting;
  composition: Composition;
  /** Image-to-image: where to start from; only pipelines with `imageInput` accept it. */
  init?: InitImage;
  /** The subjects alone on transparency (a sticker), RGBA; only pipelines with `transparentBackground`. */
  transparent?: boolean;
}

/** RGB interleaved, row-major; RGBA (4 channels) for a transparent background. */
export interface RenderedImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
  /** What a subject-drawing model drew (Pictura Emoji); absent from models that do not say. */
  subject?: ImageSubject;
  /** What Pictura Scenes read and drew; absent from models that do not say. */
  scene?: ImageScene;
}

export interface ImagePipeline {
  readonly name: string;
  /** True when generate() accepts `init` (image-to-image). */
  readonly imageInput?: boolean;
  /** True when generate() honours `transparent` (the subjects alone, RGBA). */
  readonly transparentBackground?: boolean;
  generate(
    params: GenerateParams,
    onProgress?: (done: number, total: number) => void,
  ): Promise<RenderedImage>;
}

export const ABSTRACT_PIPELINE_NAME = ABSTRACT_GENERATE_MODEL;
const MAX_SIDE = 4096;
/** Pixels per fields-model run: bounds its working memory (~24 floats per pixel per live tensor). */
const TILE_PIXELS = 65_536;
/**
 * Two sessions run back to back on each image: threads left spinning after one would steal the (few) cores
 * the next one needs.
 */
const QUIET_THREADS: ort.InferenceSession.SessionOptions = {
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
};

export async function createAbstractPipeline(
  runtime: typeof ort,
  sessionOptions: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'] },
): Promise<ImagePipeline> {
  const lexicon = buildPromptLexicon();
  const create = (model: Uint8Array, options: ort.InferenceSession.SessionOptions) =>
    runtime.InferenceSession.create(model, { ...QUIET_THREADS, ...options, ...sessionOptions });
  // Load every variant now, so a broken model stops the worker at boot rather than failing a job.
  const fieldsSession = await create(buildFieldsModel(), {});
  const shaderSessions = new Map<Style, ort.InferenceSession>();
  for (const style of STYLES) {
    // Whole-image graphs: an arena per style would keep ~100 MB per megapixel each, for every style used.
    shaderSessions.set(style, await create(buildShaderModel(style), { enableCpuMemArena: false }));
  }

  const float = (data: Float32Array, dims: number[]) => new runtime.Tensor('float32', data, dims);
  const tokens = (text: string) => {
    const ids = promptTokenIds(text, VOCAB_SIZE, lexicon.rows, lexicon.reserved);
    return new runtime.Tensor('int64', ids, [ids.length]);
  };

  return {
    name: ABSTRACT_PIPELINE_NAME,
    async generate(params, onProgress) {
      const { width, height, seed, style } = params;
      for (const [name, side] of [
        ['width', width],
        ['height', height],
      ] as const) {
        if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) {
          throw new RangeError(`${name} must be an integer in 1..${MAX_SIDE}, got ${side}`);
        }
      }
      if (!Number.isInteger(seed) || seed < 0 || seed > SEED_MAX) {
        throw new RangeError(`seed must be an integer in 0..${SEED_MAX}, got ${seed}`);
      }
      const shader = STYLE_SHADERS[style];
      const n = width * height;
      const rowsPerTile = Math.max(1, Math.floor(TILE_PIXELS / width));
      const tiles = Math.ceil(height / rowsPerTile);
      const total = tiles + 2;
      onProgress?.(0, total);

      const grid = buildPixelGrid(style, width, height, seed);
      const fixedFeeds = {
        [FIELDS_MODEL_IO.promptIds]: tokens(params.prompt),
        [FIELDS_MODEL_IO.negativeIds]: tokens(params.negativePrompt),
        [FIELDS_MODEL_IO.latent]: float(seededNormals(seed, LATENT_DIM), [1, LATENT_DIM]),
        [FIELDS_MODEL_IO.paletteLook]: float(
          Float32Array.from([shader.palette.saturation, shader.palette.darkest, shader.palette.lightest]),
          [3],
        ),
      };
      onProgress?.(1, total);

      // Fields, a band of rows at a time: [x plane; y plane] of the band in, [3 planes] of the band out.
      const fields = new Float32Array(3 * n);
      let stops: ort.Tensor | undefined;
      let layout: ort.Tensor | undefined;
      for (let tile = 0; tile < tiles; tile++) {
        const start = tile * rowsPerTile * width;
        const count = Math.min(rowsPerTile * width, n - start);
        const positions = new Float32Array(2 * count);
        for (let plane = 0; plane < 2; plane++) {
          const source = grid.data.subarray(plane * n + start, plane * n + start + count);
          for (let i = 0; i < count; i++) positions[plane * count + i] = source[i] * shader.zoom;
        }
        const out = await fieldsSession.run({
          ...fixedFeeds,
          [FIELDS_MODEL_IO.positions]: float(positions, [2, count]),
        });
        const band = out[FIELDS_MODEL_IO.fields].data as Float32Array;
        for (let plane = 0; plane < 3; plane++) {
          fields.set(band.subarray(plane * count, (plane + 1) * count), plane * n + start);
        }
        stops ??= out[FIELDS_MODEL_IO.stops];
        layout ??= out[FIELDS_MODEL_IO.layout];
        onProgress?.(2 + tile, total);
      }

      const output = await (shaderSessions.get(style) as ort.InferenceSession).run({
        [SHADER_MODEL_IO.fields]: float(fields, [3, n]),
        [SHADER_MODEL_IO.pixels]: float(grid.data, [1, 3, height, width]),
        [SHADER_MODEL_IO.stops]: stops as ort.Tensor,
        [SHADER_MODEL_IO.layout]: layout as ort.Tensor,
        [SHADER_MODEL_IO.color]: float(colorVector(COLOR_GRADES[params.color]), [3, COLOR_PARAMS]),
        [SHADER_MODEL_IO.lighting]: float(lightingVector(LIGHTING_RIGS[params.lighting]), [LIGHTING_PARAMS]),
      });
      const data = output[SHADER_MODEL_IO.image].data as Uint8Array;
      if (data.length !== n * 3)
        throw new Error(`model returned ${data.length} bytes for ${width}×${height}`);
      onProgress?.(total, total);
      return { data, width, height, channels: 3 };
    },
  };
}
