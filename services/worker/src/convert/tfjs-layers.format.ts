// The TF.js layers-model format as its converter writes it (`format: 'layers-model'`): a Keras
// Functional/Model topology and a weights manifest whose groups of shards, concatenated in order, hold the
// weights back to back. Only what the converter reads is typed here.

export interface WeightQuantization {
  dtype: 'uint8' | 'uint16' | 'float16';
  /** Affine quantization (uint8/uint16): value = q · scale + min. */
  scale?: number;
  min?: number;
}

export interface WeightSpec {
  /** `<layer name>/<weight name>`, e.g. `Conv1/kernel`. */
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: WeightQuantization;
}

export interface WeightsGroup {
  /** Shard files relative to the model, concatenated in this order. */
  paths: string[];
  weights: WeightSpec[];
}

/** `[layer name, node index, tensor index, kwargs]` (Keras 2 serialisation). */
export type InboundRef = [string, number, number, Record<string, unknown>?];

export interface KerasLayer {
  class_name: string;
  name: string;
  config: Record<string, unknown> & { name?: string };
  /** One entry per call of the layer; each entry lists the tensors it was called on. */
  inbound_nodes: InboundRef[][];
}

export interface ModelTopology {
  keras_version?: string;
  backend?: string;
  /** Newer converters write `model_config`; some older files put the model config at the top level. */
  model_config?: { class_name: string; config: ModelConfig };
  class_name?: string;
  config?: ModelConfig;
}

export interface ModelConfig {
  name?: string;
  layers: KerasLayer[];
  input_layers: [string, number, number][];
  output_layers: [string, number, number][];
}

export interface WeightTensor {
  shape: number[];
  values: Float32Array;
}

/** A layers-model read from disk: its topology and its weights by name, dequantized to float32. */
export interface LayersModel {
  topology: ModelTopology;
  weights: Map<string, WeightTensor>;
}

export function modelConfig(topology: ModelTopology): { className: string; config: ModelConfig } {
  const model = topology.model_config ?? { class_name: topology.class_name ?? '', config: topology.config };
  if (!model.config || !Array.isArray(model.config.layers)) {
    throw new Error('layers-model: the topology has no model_config.config.layers');
  }
  if (model.class_name !== 'Model' && model.class_name !== 'Functional') {
    throw new Error(`layers-model: a ${model.class_name} topology is not supported (Model/Functional only)`);
  }
  return { className: model.class_name, config: model.config };
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, uint8: 1, uint16: 2, float16: 2 };

/** Decodes the weights of every group from its shards' bytes (one buffer per group, shards concatenated). */
export function decodeWeights(manifest: WeightsGroup[], groups: Uint8Array[]): Map<string, WeightTensor> {
  const weights = new Map<string, WeightTensor>();
  manifest.forEach((group, g) => {
    const bytes = groups[g]!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const storedAs = spec.quantization?.dtype ?? spec.dtype;
      const size = BYTES[storedAs];
      if (!size) throw new Error(`layers-model: weight ${spec.name} is stored as ${storedAs}, not supported`);
      if (offset + count * size > bytes.byteLength) {
        throw new Error(`layers-model: the shards of group ${g + 1} end before weight ${spec.name}`);
      }
      weights.set(spec.name, { shape: spec.shape, values: decodeOne(spec, view, offset, count) });
      offset += count * size;
    }
    if (offset !== bytes.byteLength) {
      throw new Error(`layers-model: group ${g + 1} holds ${bytes.byteLength} bytes, its weights ${offset}`);
    }
  });
  return weights;
}

function decodeOne(spec: WeightSpec, view: DataView, offset: number, count: number): Float32Array {
  const out = new Float32Array(count);
  const q = spec.quantization;
  if (q?.dtype === 'uint8' || q?.dtype === 'uint16') {
    const scale = q.scale ?? 1;
    const min = q.min ?? 0;
    const wide = q.dtype === 'uint16';
    for (let i = 0; i < count; i++) {
      const stored = wide ? view.getUint16(offset + 2 * i, true) : view.getUint8(offset + i);
      out[i] = stored * scale + min;
    }
  } else if (q?.dtype === 'float16') {
    for (let i = 0; i < count; i++) out[i] = halfToFloat(view.getUint16(offset + 2 * i, true));
  } else if (spec.dtype === 'int32') {
    for (let i = 0; i < count; i++) out[i] = view.getInt32(offset + 4 * i, true);
  } else {
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(offset + 4 * i, true);
  }
  return out;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}
