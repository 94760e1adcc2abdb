// One UNet evaluation per prompt conditioning, in the dtypes and batch layout the export takes: all prompts
// in one batch when the batch dimension is free, one run each when the export fixed it to 1.
import type * as Ort from 'onnxruntime-node';
import {
  findInput,
  fixedBatch,
  floatTensor,
  numericTensor,
  type OrtRuntime,
  readFloats,
  requireInput,
  requireOutput,
  type TensorInput,
} from './onnx-io.ts';
import type { PromptConditioning } from './prompt-encoder.ts';

const FLOAT_TYPES = ['float32', 'float16'];
const KNOWN_INPUTS = new Set([
  'sample',
  'timestep',
  'encoder_hidden_states',
  'text_embeds',
  'time_ids',
  'timestep_cond',
]);

export interface UnetStep {
  /** Scaled model input, [channels, latentHeight, latentWidth] of one image. */
  latents: Float32Array;
  latentHeight: number;
  latentWidth: number;
  timestep: number;
  /** One noise prediction is returned per conditioning, in this order. */
  conditionings: readonly PromptConditioning[];
  /** SDXL micro-conditioning: original size, crop, target size. */
  timeIds?: readonly number[];
  /** LCM-distilled UNets: the guidance-scale embedding. */
  guidanceEmbedding?: Float32Array;
}

export class UnetDenoiser {
  readonly sample: TensorInput;
  readonly timestep: TensorInput;
  readonly hiddenStates: TensorInput;
  readonly textEmbeds?: TensorInput;
  readonly timeIds?: TensorInput;
  readonly timestepCond?: TensorInput;
  private readonly output: string;

  constructor(
    private readonly runtime: OrtRuntime,
    private readonly session: Ort.InferenceSession,
    private readonly label = 'unet/model.onnx',
  ) {
    const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
    if (unknown.length > 0) {
      throw new Error(`${label} takes inputs this pipeline does not provide: ${unknown.join(', ')}`);
    }
    this.sample = requireInput(session, 'sample', label, FLOAT_TYPES);
    this.timestep = requireInput(session, 'timestep', label, [...FLOAT_TYPES, 'int64', 'int32']);
    if (this.timestep.shape.length > 1) {
      throw new Error(
        `${label} timestep has rank ${this.timestep.shape.length}; expected a scalar or [batch]`,
      );
    }
    this.hiddenStates = requireInput(session, 'encoder_hidden_states', label, FLOAT_TYPES);
    this.textEmbeds = findInput(session, 'text_embeds');
    this.timeIds = findInput(session, 'time_ids');
    this.timestepCond = findInput(session, 'timestep_cond');
    this.output = requireOutput(session, 'out_sample', label);
  }

  /** Latent channels, 4 unless the export says otherwise. */
  get latentChannels(): number {
    const channels = this.sample.shape[1];
    return typeof channels === 'number' ? channels : 4;
  }

  /** Width of the LCM guidance embedding (`timestep_cond`), 256 unless the export fixes it. */
  get guidanceEmbeddingWidth(): number {
    const width = this.timestepCond?.shape[1];
    return typeof width === 'number' ? width : 256;
  }

  /** Rejects a latent size the export cannot take, before any work is done. */
  checkLatentSize(height: number, width: number): void {
    const [, , fixedHeight, fixedWidth] = this.sample.shape;
    if (
      (typeof fixedHeight === 'number' && fixedHeight !== height) ||
      (typeof fixedWidth === 'number' && fixedWidth !== width)
    ) {
      throw new Error(`${this.label} only takes ${Number(fixedWidth) * 8}×${Number(fixedHeight) * 8} images`);
    }
  }

  /** Whether several conditionings go through one batched run. */
  batches(count: number): boolean {
    const fixed = fixedBatch(this.sample);
    if (fixed === undefined || fixed === count) return true;
    if (fixed === 1) return false;
    throw new Error(`${this.label} has a fixed batch of ${fixed}; cannot run ${count} prompt(s)`);
  }

  async predict(step: UnetStep): Promise<Float32Array[]> {
    const perImage = step.latents.length;
    if (this.batches(step.conditionings.length)) {
      const batched = readFloats(await this.run(step, step.conditionings));
      return step.conditionings.map((_, i) => batched.slice(i * perImage, (i + 1) * perImage));
    }
    const predictions: Float32Array[] = [];
    for (const conditioning of step.conditionings)
      predictions.push(readFloats(await this.run(step, [conditioning])).slice());
    return predictions;
  }

  private async run(step: UnetStep, conditionings: readonly PromptConditioning[]): Promise<Ort.Tensor> {
    const batch = conditionings.length;
    const [channels, height, width] = [this.latentChannels, step.latentHeight, step.latentWidth];
    const repeat = (values: ArrayLike<number>) => {
      const out = new Float32Array(values.length * batch);
      for (let b = 0; b < batch; b++) out.set(values, b * values.length);
      return out;
    };
    const { tokens, width: stateWidth } = conditionings[0];
    const states = new Float32Array(batch * tokens * stateWidth);
    for (const [b, c] of conditionings.entries()) states.set(c.hiddenStates, b * tokens * stateWidth);
    const feeds: Record<string, Ort.Tensor> = {
      sample: floatTensor(this.runtime, this.sample, repeat(step.latents), [batch, channels, height, width]),
      timestep:
        this.timestep.shape.length === 0
          ? numericTensor(this.runtime, this.timestep, [step.timestep], [])
          : numericTensor(this.runtime, this.timestep, new Array(batch).fill(step.timestep), [batch]),
      encoder_hidden_states: floatTensor(this.runtime, this.hiddenStates, states, [
        batch,
        tokens,
        stateWidth,
      ]),
    };
    if (this.textEmbeds) {
      const pooled = conditionings.map((c) => c.pooled ?? failMissing(this.label, 'text_embeds'));
      const embeds = new Float32Array(batch * pooled[0].length);
      for (const [b, p] of pooled.entries()) embeds.set(p, b * p.length);
      feeds.text_embeds = floatTensor(this.runtime, this.textEmbeds, embeds, [batch, pooled[0].length]);
    }
    if (this.timeIds) {
      const ids = step.timeIds ?? failMissing(this.label, 'time_ids');
      feeds.time_ids = numericTensor(this.runtime, this.timeIds, Array.from(repeat(ids)), [
        batch,
        ids.length,
      ]);
    }
    if (this.timestepCond) {
      const embedding = step.guidanceEmbedding ?? failMissing(this.label, 'timestep_cond');
      feeds.timestep_cond = floatTensor(this.runtime, this.timestepCond, repeat(embedding), [
        batch,
        embedding.length,
      ]);
    }
    return (await this.session.run(feeds, [this.output]))[this.output] as Ort.Tensor;
  }
}

function failMissing(label: string, input: string): never {
  throw new Error(`${label} takes "${input}" but the pipeline has no value for it`);
}

/** LCM's guidance-scale embedding (sinusoidal in w·1000), as diffusers' `get_guidance_scale_embedding`. */
export function guidanceEmbedding(w: number, width: number): Float32Array {
  const half = Math.floor(width / 2);
  const out = new Float32Array(width);
  const frequencyStep = Math.log(10000) / (half - 1);
  for (let k = 0; k < half; k++) {
    const angle = w * 1000 * Math.exp(-k * frequencyStep);
    out[k] = Math.sin(angle);
    out[half + k] = Math.cos(angle);
  }
  return out;
}
