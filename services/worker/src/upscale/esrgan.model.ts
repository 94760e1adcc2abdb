// Loads a Real-ESRGAN-style ×4 ONNX model (NCHW RGB in [0, 1], conventionally `input` → `output`) as a
// TileModel. Names, dtype and any fixed tile shape are read from the session, not assumed: exports differ.
import type * as Ort from 'onnxruntime-node';
// Shared with the Stable Diffusion pipeline, whose exports also come in float16.
import { decodeFloat16, encodeFloat16 } from '../pipelines/sd-turbo/float16.ts';
import type { TileModel } from './tiler.ts';

export const UPSCALE_FACTOR = 4;

export type OnnxRuntime = typeof Ort;
export type SessionOptions = Ort.InferenceSession.SessionOptions;

export interface EsrganModel extends TileModel {
  readonly scale: 4;
  /** The model's input height and width when the export fixes them; tiles must then be exactly that size. */
  readonly fixedSide?: number;
  release(): Promise<void>;
}

const DEFAULT_SESSION_OPTIONS: SessionOptions = {
  executionProviders: ['cpu'],
  graphOptimizationLevel: 'all',
};
/** Side of the probe run that checks the scale when the export leaves H/W free. */
const PROBE_SIDE = 16;

function tensorMetadata(
  values: readonly Ort.InferenceSession.ValueMetadata[],
  preferred: string,
  role: string,
) {
  const tensors = values.filter((v): v is Ort.InferenceSession.TensorValueMetadata => v.isTensor);
  const chosen = tensors.find((v) => v.name === preferred) ?? (tensors.length === 1 ? tensors[0] : undefined);
  if (!chosen) throw new Error(`upscale model: expected one ${role} tensor named '${preferred}'`);
  if (chosen.type !== 'float32' && chosen.type !== 'float16') {
    throw new Error(`upscale model: ${role} '${chosen.name}' is ${chosen.type}, expected float32 or float16`);
  }
  return chosen;
}

/** `model` is a file path or the model's bytes. */
export async function loadEsrganModel(
  runtime: OnnxRuntime,
  model: string | Uint8Array,
  sessionOptions: SessionOptions = {},
): Promise<EsrganModel> {
  const options = { ...DEFAULT_SESSION_OPTIONS, ...sessionOptions };
  const session =
    typeof model === 'string'
      ? await runtime.InferenceSession.create(model, options)
      : await runtime.InferenceSession.create(model, options);
  try {
    const input = tensorMetadata(session.inputMetadata, 'input', 'input');
    const output = tensorMetadata(session.outputMetadata, 'output', 'output');
    const [, channels, h, w] = input.shape;
    if (input.shape.length !== 4 || (typeof channels === 'number' && channels !== 3)) {
      throw new Error(`upscale model: input '${input.name}' is [${input.shape}], expected [1, 3, H, W]`);
    }
    if ((typeof h === 'number') !== (typeof w === 'number') || (typeof h === 'number' && h !== w)) {
      throw new Error(`upscale model: a fixed input shape must be square, got [${input.shape}]`);
    }
    const fixedSide = typeof h === 'number' ? h : undefined;

    const run = async (pixels: Float32Array, height: number, width: number): Promise<Float32Array> => {
      const data = input.type === 'float16' ? encodeFloat16(pixels) : pixels;
      const feed = new runtime.Tensor(input.type, data, [1, 3, height, width]);
      const result = (await session.run({ [input.name]: feed }))[output.name];
      const [, c, outH, outW] = result.dims;
      if (c !== 3 || outH !== height * UPSCALE_FACTOR || outW !== width * UPSCALE_FACTOR) {
        throw new Error(`upscale model: ${height}×${width} gave [${result.dims}], expected a ×4 RGB output`);
      }
      // Values may stray outside [0, 1]; the tiler clamps them when it writes bytes.
      return result.type === 'float16'
        ? decodeFloat16(result.data as Uint16Array)
        : (result.data as Float32Array);
    };

    // Fail at load, not mid-job, when the file is not a ×4 RGB model.
    const probeSide = fixedSide ?? PROBE_SIDE;
    await run(new Float32Array(3 * probeSide * probeSide).fill(0.5), probeSide, probeSide);
    return { scale: UPSCALE_FACTOR, fixedSide, run, release: () => session.release() };
  } catch (error) {
    await session.release();
    throw error;
  }
}
