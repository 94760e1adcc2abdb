// Test fixture: a Stable Diffusion Turbo folder in the real Optimum layout whose ONNX models have the exact
// input/output names, dtypes and shapes of real exports, but tiny, known arithmetic the tests can redo.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { attr, type ElemType, GraphBuilder } from '../../../src/onnx/graph-builder.ts';

/** Text encoder: last_hidden_state[b, t, d] = input_ids[b, t] · TEXT_SCALE · (d + 1). */
export const TEXT_WIDTH = 4;
export const TEXT_SCALE = 1e-5;
/** UNet: out_sample = UNET_SAMPLE · sample + UNET_TEXT · mean(encoder_hidden_states[b]) + UNET_TIME · timestep[b]. */
export const UNET_SAMPLE = 0.9;
export const UNET_TEXT = 2;
export const UNET_TIME = 2e-5;
/**
 * SDXL UNet: UNET_TEXT_XL replaces UNET_TEXT (its EOS-padded first encoder gives much larger means) and it
 * adds UNET_POOLED · mean(text_embeds[b]) + UNET_TIME_IDS · Σ_i i·time_ids[b, i−1].
 */
export const UNET_TEXT_XL = 0.1;
export const UNET_POOLED = 0.1;
export const UNET_TIME_IDS = 1e-4;
/** LCM-distilled UNet adds UNET_GUIDANCE · mean(timestep_cond[b]). */
export const UNET_GUIDANCE = 0.5;

/** VAE decoder: a 1×1 conv to 3·64 channels, then DepthToSpace ×8, so each pixel of an 8×8 block has its own weights. */
export function vaeWeight(c: number, dy: number, dx: number, k: number): number {
  return 0.02 * (k - 1) * (c + 1) + 0.004 * (dy - dx);
}
export function vaeBias(c: number, dy: number, dx: number): number {
  return 0.1 * (c - 1) + 0.01 * (dy + dx - 7);
}

/** A hand-made CLIP vocabulary: byte symbols at their real CLIP ids plus a few merged words. */
const VOCAB: Record<string, number> = {
  '<|startoftext|>': 49406,
  '<|endoftext|>': 49407,
  '!': 0,
  '!</w>': 256,
  ',': 11,
  ',</w>': 267,
};
for (let i = 0; i < 26; i++) {
  VOCAB[String.fromCharCode(97 + i)] = 64 + i;
  VOCAB[`${String.fromCharCode(97 + i)}</w>`] = 320 + i;
}
Object.assign(VOCAB, {
  ca: 1003,
  'cat</w>': 2368,
  bl: 1010,
  blu: 1011,
  blur: 1012,
  blurr: 1013,
  'blurry</w>': 30000,
});
const MERGES = ['#version: 0.2', 'c a', 'ca t</w>', 'b l', 'bl u', 'blu r', 'blur r', 'blurr y</w>'].join(
  '\n',
);

export type TimestepVariant = 'int64 [batch]' | 'float32 [batch]' | 'float32 scalar' | 'float16 [batch]';

export interface TinyFolderOptions {
  timestep?: TimestepVariant;
  /** dtype of the float tensors between the models (real fp16 exports use float16 throughout). */
  precision?: 'float32' | 'float16';
  /** Text encoder ids dtype; real exports use int32, some older ones int64. */
  idsType?: 'int32' | 'int64';
  /** A UNet exported with batch 1, so guidance needs two runs. */
  unetBatchOfOne?: boolean;
  sdxl?: boolean;
  /** An LCM-distilled UNet that takes the guidance scale as `timestep_cond`. */
  guidanceEmbedding?: boolean;
  schedulerConfig?: Record<string, unknown>;
  /** dtype of the VAE decoder alone (an SDXL export with a float16 VAE); default `precision`. */
  vaePrecision?: 'float32' | 'float16';
  /** The VAE decoder overflows as SDXL's does in float16: its output is NaN. */
  vaeOverflow?: boolean;
  /** A fixed-shape export: the UNet and VAE take latents of this image size only. */
  fixedSize?: { width: number; height: number };
  /** Written as the folder's pictura.json. */
  manifest?: Record<string, unknown>;
  /** Adds Optimum's vae_encoder/model.onnx (the decoder's least-squares inverse), for image-to-image. */
  vaeEncoder?: boolean;
}

function textEncoder(
  precision: ElemType,
  idsType: ElemType,
  sdxlOutputs: { width: number; pooled: boolean } | undefined,
): Uint8Array {
  const width = sdxlOutputs?.width ?? TEXT_WIDTH;
  const g = new GraphBuilder('text_encoder');
  const ids = g.input('input_ids', idsType, ['batch', 77]);
  const perDim = g.float(Array.from({ length: width }, (_, d) => TEXT_SCALE * (d + 1)));
  const asFloat = g.op('Unsqueeze', [g.op('Cast', [ids], { to: attr.int(1) }), g.int64([2])]);
  const hidden = g.op('Mul', [asFloat, perDim]);
  const out = (value: string, name: string, shape: (number | string)[]) => {
    g.node('Cast', [value], [name], { to: attr.int(precision === 'float16' ? 10 : 1) });
    g.output(name, precision, shape);
  };
  out(hidden, 'last_hidden_state', ['batch', 77, width]);
  out(
    g.op('ReduceMean', [hidden, g.int64([1])], { keepdims: attr.int(0) }),
    sdxlOutputs?.pooled ? 'text_embeds' : 'pooler_output',
    ['batch', width],
  );
  if (sdxlOutputs) {
    // hidden_states.0..2: the penultimate (1) is the one SDXL uses; the others are off by a factor to tell them apart.
    for (const layer of [0, 1, 2])
      out(g.op('Mul', [hidden, g.float(layer === 1 ? 1 : 100)]), `hidden_states.${layer}`, [
        'batch',
        77,
        width,
      ]);
  }
  return g.build();
}

function unet(options: TinyFolderOptions, precision: ElemType, textWidth: number): Uint8Array {
  const g = new GraphBuilder('unet');
  const batch = options.unetBatchOfOne ? 1 : 'batch';
  const toFloat = (name: string) => g.op('Cast', [name], { to: attr.int(1) });
  const perImage = (value: string) => g.op('Reshape', [value, g.int64([-1, 1, 1, 1])]);
  const [height, width] = latentSize(options);
  const sample = toFloat(g.input('sample', precision, [batch, 4, height, width]));
  const variant = options.timestep ?? 'int64 [batch]';
  const timestepType = variant.split(' ')[0] as ElemType;
  const timestep = toFloat(g.input('timestep', timestepType, variant.endsWith('scalar') ? [] : [batch]));
  const states = toFloat(g.input('encoder_hidden_states', precision, [batch, 77, textWidth]));
  const terms = [
    g.op('Mul', [sample, g.float(UNET_SAMPLE)]),
    g.op('Mul', [
      perImage(g.op('ReduceMean', [states, g.int64([1, 2])], { keepdims: attr.int(1) })),
      g.float(options.sdxl ? UNET_TEXT_XL : UNET_TEXT),
    ]),
    g.op('Mul', [perImage(timestep), g.float(UNET_TIME)]),
  ];
  if (options.sdxl) {
    const pooled = toFloat(g.input('text_embeds', precision, [batch, TEXT_WIDTH * 2]));
    const timeIds = toFloat(g.input('time_ids', precision, [batch, 6]));
    terms.push(
      g.op('Mul', [
        perImage(g.op('ReduceMean', [pooled, g.int64([1])], { keepdims: attr.int(1) })),
        g.float(UNET_POOLED),
      ]),
    );
    // Weighted by position (1..6), so swapped height and width show.
    const weighted = g.op('MatMul', [timeIds, g.float([1, 2, 3, 4, 5, 6], [6, 1])]);
    terms.push(g.op('Mul', [perImage(weighted), g.float(UNET_TIME_IDS)]));
  }
  if (options.guidanceEmbedding) {
    const embedding = toFloat(g.input('timestep_cond', precision, [batch, 256]));
    terms.push(
      g.op('Mul', [
        perImage(g.op('ReduceMean', [embedding, g.int64([1])], { keepdims: attr.int(1) })),
        g.float(UNET_GUIDANCE),
      ]),
    );
  }
  const sum = terms.reduce((a, b) => g.op('Add', [a, b]));
  g.node('Cast', [sum], ['out_sample'], { to: attr.int(precision === 'float16' ? 10 : 1) });
  g.output('out_sample', precision, [batch, 4, height, width]);
  return g.build();
}

function latentSize(options: TinyFolderOptions, free = ['height', 'width']): (number | string)[] {
  const fixed = options.fixedSize;
  return fixed ? [fixed.height / 8, fixed.width / 8] : free;
}

function vaeDecoder(options: TinyFolderOptions, precision: ElemType): Uint8Array {
  const g = new GraphBuilder('vae_decoder');
  const weights = new Float32Array(192 * 4);
  const bias = new Float32Array(192);
  for (let dy = 0; dy < 8; dy++)
    for (let dx = 0; dx < 8; dx++)
      for (let c = 0; c < 3; c++) {
        // DepthToSpace (DCR) puts channel (dy·8 + dx)·3 + c at pixel offset (dy, dx) of colour c.
        const channel = (dy * 8 + dx) * 3 + c;
        for (let k = 0; k < 4; k++) weights[channel * 4 + k] = vaeWeight(c, dy, dx, k);
        bias[channel] = vaeBias(c, dy, dx);
      }
  const latent = g.op(
    'Cast',
    [
      g.input('latent_sample', precision, [
        'batch',
        4,
        ...latentSize(options, ['latent_height', 'latent_width']),
      ]),
    ],
    { to: attr.int(1) },
  );
  const conv = g.op('Conv', [latent, g.initializer(weights, [192, 4, 1, 1]), g.initializer(bias, [192])], {
    kernel_shape: attr.ints([1, 1]),
  });
  let pixels = g.op('DepthToSpace', [conv], { blocksize: attr.int(8), mode: attr.string('DCR') });
  if (options.vaeOverflow) {
    // Activations past the float range become ±Inf, and Inf − Inf is NaN, as in an overflowing fp16 VAE.
    const huge = g.op('Mul', [g.op('Mul', [pixels, g.float(1e30)]), g.float(1e30)]);
    pixels = g.op('Add', [pixels, g.op('Sub', [huge, huge])]);
  }
  g.node('Cast', [pixels], ['sample'], { to: attr.int(precision === 'float16' ? 10 : 1) });
  g.output('sample', precision, ['batch', 3, 'height', 'width']);
  return g.build();
}

/** Inverts a small square matrix (row-major) by Gauss-Jordan elimination with partial pivoting. */
function invert(matrix: number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    for (let j = 0; j < 2 * n; j++) a[col]![j]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      for (let j = 0; j < 2 * n; j++) a[r]![j]! -= f * a[col]![j]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * VAE encoder as Optimum exports it (sample → latent_parameters: mean then log-variance): SpaceToDepth ×8,
 * then the decoder's 1×1 conv inverted by least squares, so decode(encode(x)) = x for any x the decoder
 * can produce. Its latents are unscaled, as a real encoder's are (the pipeline multiplies by the factor).
 */
function vaeEncoder(): Uint8Array {
  const g = new GraphBuilder('vae_encoder');
  // Decoder: pixel channel ch = Σ_k W[ch][k]·z_k + b[ch], z = latent / scaling. Encoder: z = pinv(W)(p − b).
  const w: number[][] = [];
  const b: number[] = [];
  for (let dy = 0; dy < 8; dy++)
    for (let dx = 0; dx < 8; dx++)
      for (let c = 0; c < 3; c++) {
        w.push([0, 1, 2, 3].map((k) => vaeWeight(c, dy, dx, k)));
        b.push(vaeBias(c, dy, dx));
      }
  const normal = [0, 1, 2, 3].map((i) =>
    [0, 1, 2, 3].map((j) => w.reduce((sum, row) => sum + row[i]! * row[j]!, 0)),
  );
  const inverse = invert(normal);
  const weights = new Float32Array(8 * 192);
  const bias = new Float32Array(8);
  for (let k = 0; k < 4; k++) {
    for (let ch = 0; ch < 192; ch++) {
      const pinv = [0, 1, 2, 3].reduce((sum, j) => sum + inverse[k]![j]! * w[ch]![j]!, 0);
      weights[k * 192 + ch] = pinv;
      bias[k] -= pinv * b[ch]!;
    }
  }
  const blocks = g.op('SpaceToDepth', [g.input('sample', 'float32', ['batch', 3, 'height', 'width'])], {
    blocksize: attr.int(8),
  });
  g.node(
    'Conv',
    [blocks, g.initializer(weights, [8, 192, 1, 1]), g.initializer(bias, [8])],
    ['latent_parameters'],
    {
      kernel_shape: attr.ints([1, 1]),
    },
  );
  g.output('latent_parameters', 'float32', ['batch', 8, 'latent_height', 'latent_width']);
  return g.build();
}

export async function writeTinySdFolder(dir: string, options: TinyFolderOptions = {}): Promise<void> {
  const precision = options.precision ?? 'float32';
  const files: Record<string, string | Uint8Array> = {
    'model_index.json': JSON.stringify({
      _class_name: options.sdxl ? 'StableDiffusionXLPipeline' : 'StableDiffusionPipeline',
      scheduler: ['diffusers', 'EulerDiscreteScheduler'],
      text_encoder: ['transformers', 'CLIPTextModel'],
      ...(options.sdxl
        ? {
            text_encoder_2: ['transformers', 'CLIPTextModelWithProjection'],
            force_zeros_for_empty_prompt: true,
          }
        : {}),
      unet: ['diffusers', 'UNet2DConditionModel'],
      vae: ['diffusers', 'AutoencoderKL'],
    }),
    'scheduler/scheduler_config.json': JSON.stringify(
      options.schedulerConfig ?? {
        _class_name: 'EulerDiscreteScheduler',
        beta_start: 0.00085,
        beta_end: 0.012,
        beta_schedule: 'scaled_linear',
        num_train_timesteps: 1000,
        prediction_type: 'epsilon',
        steps_offset: 1,
        timestep_spacing: 'trailing',
      },
    ),
    'text_encoder/model.onnx': textEncoder(
      precision,
      options.idsType ?? 'int32',
      options.sdxl ? { width: TEXT_WIDTH, pooled: false } : undefined,
    ),
    'unet/model.onnx': unet(options, precision, options.sdxl ? TEXT_WIDTH * 3 : TEXT_WIDTH),
    'vae_decoder/model.onnx': vaeDecoder(options, options.vaePrecision ?? precision),
    'vae_decoder/config.json': JSON.stringify({ scaling_factor: options.sdxl ? 0.13025 : 0.18215 }),
  };
  const tokenizers = options.sdxl ? ['tokenizer', 'tokenizer_2'] : ['tokenizer'];
  for (const tokenizer of tokenizers) {
    files[`${tokenizer}/vocab.json`] = JSON.stringify(VOCAB);
    files[`${tokenizer}/merges.txt`] = MERGES;
    // SD-Turbo pads with "!" (id 0); SDXL's first tokenizer pads with <|endoftext|>, its second with "!".
    const pad = options.sdxl && tokenizer === 'tokenizer' ? '<|endoftext|>' : '!';
    files[`${tokenizer}/tokenizer_config.json`] = JSON.stringify({ pad_token: pad, model_max_length: 77 });
    files[`${tokenizer}/special_tokens_map.json`] = JSON.stringify({ pad_token: pad });
  }
  if (options.sdxl)
    files['text_encoder_2/model.onnx'] = textEncoder(precision, 'int32', {
      width: TEXT_WIDTH * 2,
      pooled: true,
    });
  if (options.manifest) files['pictura.json'] = JSON.stringify(options.manifest);
  if (options.vaeEncoder) files['vae_encoder/model.onnx'] = vaeEncoder();
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}
