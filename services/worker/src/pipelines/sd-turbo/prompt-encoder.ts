// Prompt text → the CLIP hidden states the UNet attends to. SD 1.x/2.x/Turbo take the text encoder's last
// hidden state; SDXL concatenates the penultimate hidden states of its two encoders and also takes the
// second encoder's pooled projection.
import type * as Ort from 'onnxruntime-node';
import type { ClipTokenizer } from './clip-tokenizer.ts';
import type { ModelFamily } from './model-folder.ts';
import {
  numericTensor,
  type OrtRuntime,
  readFloats,
  requireInput,
  requireOutput,
  type TensorInput,
} from './onnx-io.ts';

export interface PromptConditioning {
  /** [tokens, width], row-major. */
  hiddenStates: Float32Array;
  tokens: number;
  width: number;
  /** SDXL: the pooled text embedding fed to the UNet as `text_embeds`. */
  pooled?: Float32Array;
}

export interface TextEncoderPart {
  tokenizer: ClipTokenizer;
  session: Ort.InferenceSession;
  /** Model file, for error messages. */
  label: string;
}

interface EncoderPlan extends TextEncoderPart {
  ids: TensorInput;
  hiddenOutput: string;
  pooledOutput?: string;
}

export class PromptEncoder {
  private readonly plans: EncoderPlan[];

  constructor(
    private readonly runtime: OrtRuntime,
    family: ModelFamily,
    parts: readonly TextEncoderPart[],
  ) {
    this.plans = parts.map((part, index) => {
      const ids = requireInput(part.session, 'input_ids', part.label, ['int32', 'int64']);
      if (family === 'sd')
        return { ...part, ids, hiddenOutput: requireOutput(part.session, 'last_hidden_state', part.label) };
      const layers = part.session.outputNames
        .map((name) => /^hidden_states\.(\d+)$/.exec(name))
        .filter((match) => match !== null)
        .map((match) => Number(match[1]));
      if (layers.length < 2)
        throw new Error(`${part.label} exports no hidden_states.N outputs, which SDXL needs`);
      const penultimate = `hidden_states.${Math.max(...layers) - 1}`;
      const pooledOutput =
        index === parts.length - 1 ? requireOutput(part.session, 'text_embeds', part.label) : undefined;
      return {
        ...part,
        ids,
        hiddenOutput: requireOutput(part.session, penultimate, part.label),
        pooledOutput,
      };
    });
  }

  /** Input dtype of the (first) text encoder's ids, for the pipeline's info. */
  get idsType(): string {
    return this.plans[0].ids.type;
  }

  async encode(text: string): Promise<PromptConditioning> {
    const encoded: { states: Float32Array; tokens: number; width: number }[] = [];
    let pooled: Float32Array | undefined;
    for (const plan of this.plans) {
      const ids = plan.tokenizer.inputIds(text);
      const feeds = { input_ids: numericTensor(this.runtime, plan.ids, ids, [1, ids.length]) };
      const outputs = await plan.session.run(
        feeds,
        plan.pooledOutput ? [plan.hiddenOutput, plan.pooledOutput] : [plan.hiddenOutput],
      );
      const hidden = outputs[plan.hiddenOutput] as Ort.Tensor;
      const [, tokens, width] = hidden.dims;
      encoded.push({ states: readFloats(hidden), tokens, width });
      if (plan.pooledOutput) pooled = readFloats(outputs[plan.pooledOutput]).slice();
    }
    return { ...concatWidths(encoded), pooled };
  }

  /** Conditioning of the same shape with every value zero (SDXL's empty negative prompt). */
  static zerosLike(conditioning: PromptConditioning): PromptConditioning {
    const { tokens, width, pooled } = conditioning;
    return {
      hiddenStates: new Float32Array(tokens * width),
      tokens,
      width,
      pooled: pooled && new Float32Array(pooled.length),
    };
  }
}

/** Joins per-token features of several encoders side by side: [tokens, w1] + [tokens, w2] → [tokens, w1 + w2]. */
function concatWidths(parts: { states: Float32Array; tokens: number; width: number }[]) {
  const tokens = parts[0].tokens;
  if (parts.some((p) => p.tokens !== tokens)) throw new Error('text encoders disagree on the token count');
  const width = parts.reduce((sum, p) => sum + p.width, 0);
  const hiddenStates = new Float32Array(tokens * width);
  let offset = 0;
  for (const part of parts) {
    for (let t = 0; t < tokens; t++) {
      hiddenStates.set(part.states.subarray(t * part.width, (t + 1) * part.width), t * width + offset);
    }
    offset += part.width;
  }
  return { hiddenStates, tokens, width };
}
