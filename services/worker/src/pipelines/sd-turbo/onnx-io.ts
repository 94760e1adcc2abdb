// Feeding and reading ONNX tensors in whatever dtype an export chose: real Stable Diffusion exports differ
// (float32 or float16 weights, int32 or int64 ids, scalar or batched timesteps), so every input's dtype and
// rank is read from the session rather than assumed.
import type * as Ort from 'onnxruntime-node';
import { decodeFloat16, encodeFloat16 } from './float16.ts';

export type OrtRuntime = typeof Ort;

export interface TensorInput {
  name: string;
  type: Ort.Tensor.Type;
  /** Fixed sizes as numbers, symbolic ones (batch, height...) as names; `[]` for a scalar. */
  shape: readonly (number | string)[];
}

/** The named input, or undefined when this export does not take it. */
export function findInput(session: Ort.InferenceSession, name: string): TensorInput | undefined {
  const meta = session.inputMetadata.find((m) => m.name === name);
  if (!meta) return undefined;
  if (!meta.isTensor) throw new Error(`ONNX input "${name}" is not a tensor`);
  return { name, type: meta.type, shape: meta.shape };
}

/** The named input; `part` names the model file in the error so a wrong export is easy to spot. */
export function requireInput(
  session: Ort.InferenceSession,
  name: string,
  part: string,
  types: readonly string[],
): TensorInput {
  const input = findInput(session, name);
  if (!input) throw new Error(`${part} has no input "${name}" (it takes ${session.inputNames.join(', ')})`);
  if (!types.includes(input.type))
    throw new Error(`${part} input "${name}" is ${input.type}; expected ${types.join(' or ')}`);
  return input;
}

export function requireOutput(session: Ort.InferenceSession, name: string, part: string): string {
  if (!session.outputNames.includes(name)) {
    throw new Error(`${part} has no output "${name}" (it gives ${session.outputNames.join(', ')})`);
  }
  return name;
}

/** A float32 or float16 tensor of `values`, matching what `input` takes. */
export function floatTensor(
  runtime: OrtRuntime,
  input: TensorInput,
  values: Float32Array,
  dims: readonly number[],
): Ort.Tensor {
  if (input.type === 'float16') return new runtime.Tensor('float16', encodeFloat16(values), dims);
  if (input.type === 'float32') return new runtime.Tensor('float32', values, dims);
  throw new Error(`input "${input.name}" is ${input.type}; expected float32 or float16`);
}

/** A float or integer tensor of `values`, matching what `input` takes; integers are rounded. */
export function numericTensor(
  runtime: OrtRuntime,
  input: TensorInput,
  values: readonly number[],
  dims: readonly number[],
): Ort.Tensor {
  switch (input.type) {
    case 'int64':
      return new runtime.Tensor(
        'int64',
        BigInt64Array.from(values, (v) => BigInt(Math.round(v))),
        dims,
      );
    case 'int32':
      return new runtime.Tensor(
        'int32',
        Int32Array.from(values, (v) => Math.round(v)),
        dims,
      );
    default:
      return floatTensor(runtime, input, Float32Array.from(values), dims);
  }
}

/** A float output as float32, whatever precision the model computed in. */
export function readFloats(value: Ort.OnnxValue): Float32Array {
  const tensor = value as Ort.Tensor;
  if (tensor.type === 'float16') return decodeFloat16(tensor.data as Uint16Array);
  if (tensor.type === 'float32') return tensor.data as Float32Array;
  throw new Error(`expected a float output, got ${tensor.type}`);
}

/** The input's leading (batch) size when the export fixed it, else undefined. */
export function fixedBatch(input: TensorInput): number | undefined {
  const first = input.shape[0];
  return typeof first === 'number' && first > 0 ? first : undefined;
}
