// One function per Keras layer type, each emitting ONNX nodes. Keras works in NHWC; the ONNX graph keeps
// images NCHW throughout, so kernels are transposed once here and channel axes are remapped.
import { type Attribute, attr, type GraphBuilder } from '../onnx/graph-builder.ts';
import type { KerasLayer, WeightTensor } from './tfjs-layers.format.ts';

/** A value in the ONNX graph: rank 4 is an NCHW image, rank 2 a [batch, features] matrix. */
export interface Value {
  name: string;
  rank: number;
}

export interface LayerInput {
  g: GraphBuilder;
  layer: KerasLayer;
  inputs: Value[];
  /** The layer's weight `<layer>/<name>`; throws when the model lacks it. */
  weight(name: string): WeightTensor;
}

type LayerConverter = (input: LayerInput) => Value;

type Config = KerasLayer['config'];

const pair = (value: unknown, what: string): [number, number] => {
  if (typeof value === 'number') return [value, value];
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) {
    return [value[0], value[1]];
  }
  throw new Error(`expected ${what} as a number or two numbers, got ${JSON.stringify(value)}`);
};

/** Keras axis (NHWC order, negative from the end) → the same axis in the NCHW graph. */
function onnxAxis(axis: unknown, rank: number): number {
  const a = typeof axis === 'number' ? axis : Array.isArray(axis) && axis.length === 1 ? axis[0] : undefined;
  if (typeof a !== 'number') throw new Error(`axis ${JSON.stringify(axis)} is not supported (one axis only)`);
  const normalized = a < 0 ? a + rank : a;
  if (normalized < 0 || normalized >= rank) throw new Error(`axis ${a} is out of range for rank ${rank}`);
  if (rank !== 4) return normalized;
  return [0, 2, 3, 1][normalized]!;
}

function requireChannelsLast(config: Config): void {
  const format = config.data_format;
  if (format !== undefined && format !== null && format !== 'channels_last') {
    throw new Error(`data_format ${String(format)} is not supported (channels_last only)`);
  }
}

function only(inputs: Value[], rank?: number): Value {
  if (inputs.length !== 1) throw new Error(`expected one input, got ${inputs.length}`);
  const value = inputs[0]!;
  if (rank !== undefined && value.rank !== rank)
    throw new Error(`expected a rank-${rank} input, got ${value.rank}`);
  return value;
}

/** Reorders a row-major tensor: output dim i is input dim perm[i]. */
export function permute(
  values: Float32Array,
  shape: readonly number[],
  perm: readonly number[],
): Float32Array {
  const outShape = perm.map((p) => shape[p]!);
  const inStrides = shape.map((_, i) => shape.slice(i + 1).reduce((a, b) => a * b, 1));
  const strides = perm.map((p) => inStrides[p]!);
  const out = new Float32Array(values.length);
  const index = new Array<number>(shape.length).fill(0);
  for (let o = 0; o < out.length; o++) {
    let source = 0;
    for (let d = 0; d < index.length; d++) source += index[d]! * strides[d]!;
    out[o] = values[source]!;
    for (let d = index.length - 1; d >= 0; d--) {
      if (++index[d]! < outShape[d]!) break;
      index[d] = 0;
    }
  }
  return out;
}

/** Keras activation by name, on a value of the given rank (softmax works along the channel axis). */
export function activation(g: GraphBuilder, name: unknown, value: Value): Value {
  const x = value.name;
  const to = (out: string): Value => ({ name: out, rank: value.rank });
  switch (name ?? 'linear') {
    case 'linear':
      return value;
    case 'relu':
      return to(g.op('Relu', [x]));
    case 'relu6':
      return to(g.op('Clip', [x, g.float(0), g.float(6)]));
    case 'sigmoid':
      return to(g.op('Sigmoid', [x]));
    case 'hard_sigmoid':
      // TF.js and Keras 2: clip(0.2·x + 0.5, 0, 1).
      return to(g.op('HardSigmoid', [x], { alpha: attr.float(0.2), beta: attr.float(0.5) }));
    case 'tanh':
      return to(g.op('Tanh', [x]));
    case 'elu':
      return to(g.op('Elu', [x], { alpha: attr.float(1) }));
    case 'selu':
      return to(g.op('Selu', [x]));
    case 'softplus':
      return to(g.op('Softplus', [x]));
    case 'softsign':
      return to(g.op('Softsign', [x]));
    case 'swish':
    case 'silu':
      return to(g.op('Mul', [x, g.op('Sigmoid', [x])]));
    case 'softmax':
      return to(g.op('Softmax', [x], { axis: attr.int(1) }));
    default:
      throw new Error(`activation ${String(name)} is not supported`);
  }
}

/** Pads for a convolution or pooling window, as Conv/AveragePool/MaxPool attributes. */
function windowPadding(
  padding: unknown,
  kernel: [number, number],
  strides: [number, number],
  dilations: [number, number] = [1, 1],
): Record<string, Attribute> {
  if (padding === 'valid') return { pads: attr.ints([0, 0, 0, 0]) };
  if (padding !== 'same') throw new Error(`padding ${String(padding)} is not supported`);
  if (strides[0] === 1 && strides[1] === 1) {
    // Input-independent with stride 1: TF pads floor(total/2) before and the rest after.
    const total = kernel.map((k, i) => dilations[i]! * (k - 1));
    const before = total.map((t) => Math.floor(t / 2));
    return { pads: attr.ints([before[0]!, before[1]!, total[0]! - before[0]!, total[1]! - before[1]!]) };
  }
  // With a stride the padding depends on the input size; TF puts the odd pixel at the end.
  return { auto_pad: attr.string('SAME_UPPER') };
}

const conv2d: LayerConverter = ({ g, layer, inputs, weight }) => {
  const { config } = layer;
  requireChannelsLast(config);
  const x = only(inputs, 4);
  // Grouped convolution would map to ONNX's `group`, but TF.js (our reference) cannot run it to check.
  if ((config.groups ?? 1) !== 1) throw new Error('grouped convolution is not supported');
  const kernel = weight('kernel');
  const [kh, kw, channelsIn, out] = kernel.shape as [number, number, number, number];
  const strides = pair(config.strides ?? 1, 'strides');
  const dilations = pair(config.dilation_rate ?? 1, 'dilation_rate');
  const w = g.initializer(permute(kernel.values, kernel.shape, [3, 2, 0, 1]), [out, channelsIn, kh, kw]);
  const operands = [x.name, w];
  if (config.use_bias !== false) operands.push(g.initializer(weight('bias').values, [out]));
  const y = g.op('Conv', operands, {
    kernel_shape: attr.ints([kh, kw]),
    strides: attr.ints(strides),
    dilations: attr.ints(dilations),
    group: attr.int(1),
    ...windowPadding(config.padding, [kh, kw], strides, dilations),
  });
  return activation(g, config.activation, { name: y, rank: 4 });
};

const depthwiseConv2d: LayerConverter = ({ g, layer, inputs, weight }) => {
  const { config } = layer;
  requireChannelsLast(config);
  const x = only(inputs, 4);
  const kernel = weight('depthwise_kernel');
  const [kh, kw, channels, multiplier] = kernel.shape as [number, number, number, number];
  const strides = pair(config.strides ?? 1, 'strides');
  const dilations = pair(config.dilation_rate ?? 1, 'dilation_rate');
  // [kh, kw, C, m] → [C, m, kh, kw] = [C·m, 1, kh, kw]: output channel c·m + j, as TF orders them.
  const w = g.initializer(permute(kernel.values, kernel.shape, [2, 3, 0, 1]), [
    channels * multiplier,
    1,
    kh,
    kw,
  ]);
  const operands = [x.name, w];
  if (config.use_bias !== false) operands.push(g.initializer(weight('bias').values, [channels * multiplier]));
  const y = g.op('Conv', operands, {
    kernel_shape: attr.ints([kh, kw]),
    strides: attr.ints(strides),
    dilations: attr.ints(dilations),
    group: attr.int(channels),
    ...windowPadding(config.padding, [kh, kw], strides, dilations),
  });
  return activation(g, config.activation, { name: y, rank: 4 });
};

const batchNormalization: LayerConverter = ({ g, layer, inputs, weight }) => {
  const { config } = layer;
  const x = only(inputs);
  if (onnxAxis(config.axis ?? -1, x.rank) !== 1)
    throw new Error('only normalisation over channels is supported');
  const mean = weight('moving_mean');
  const channels = mean.values.length;
  const gamma = config.scale === false ? new Float32Array(channels).fill(1) : weight('gamma').values;
  const beta = config.center === false ? new Float32Array(channels) : weight('beta').values;
  const operands = [gamma, beta, mean.values, weight('moving_variance').values].map((v) =>
    g.initializer(v, [channels]),
  );
  const epsilon = typeof config.epsilon === 'number' ? config.epsilon : 1e-3;
  return {
    name: g.op('BatchNormalization', [x.name, ...operands], { epsilon: attr.float(epsilon) }),
    rank: x.rank,
  };
};

const relu: LayerConverter = ({ g, layer, inputs }) => {
  const { config } = layer;
  const x = only(inputs);
  if ((config.negative_slope ?? 0) !== 0 || (config.threshold ?? 0) !== 0) {
    throw new Error('ReLU with negative_slope or threshold is not supported');
  }
  if (typeof config.max_value !== 'number') return { name: g.op('Relu', [x.name]), rank: x.rank };
  return { name: g.op('Clip', [x.name, g.float(0), g.float(config.max_value)]), rank: x.rank };
};

const zeroPadding2d: LayerConverter = ({ g, layer, inputs }) => {
  const { config } = layer;
  requireChannelsLast(config);
  const x = only(inputs, 4);
  const p = config.padding ?? 1;
  const [[top, bottom], [left, right]] =
    Array.isArray(p) && Array.isArray(p[0])
      ? [pair(p[0], 'padding'), pair(p[1], 'padding')]
      : (() => {
          const [h, w] = pair(p, 'padding');
          return [
            [h, h],
            [w, w],
          ];
        })();
  const pads = g.int64([0, 0, top, left, 0, 0, bottom, right]);
  return { name: g.op('Pad', [x.name, pads], { mode: attr.string('constant') }), rank: 4 };
};

const concatenate: LayerConverter = ({ g, layer, inputs }) => {
  const rank = inputs[0]!.rank;
  if (inputs.some((v) => v.rank !== rank)) throw new Error('Concatenate inputs differ in rank');
  const axis = onnxAxis(layer.config.axis ?? -1, rank);
  return {
    name: g.op(
      'Concat',
      inputs.map((v) => v.name),
      { axis: attr.int(axis) },
    ),
    rank,
  };
};

const add: LayerConverter = ({ g, inputs }) => {
  if (inputs.length < 2) throw new Error('Add needs at least two inputs');
  const names = inputs.map((v) => v.name);
  return {
    name: g.op(names.length === 2 ? 'Add' : 'Sum', names),
    rank: Math.max(...inputs.map((v) => v.rank)),
  };
};

const upSampling2d: LayerConverter = ({ g, layer, inputs }) => {
  const { config } = layer;
  requireChannelsLast(config);
  const x = only(inputs, 4);
  const [sh, sw] = pair(config.size ?? 2, 'size');
  const interpolation = config.interpolation ?? 'nearest';
  if (interpolation !== 'nearest' && interpolation !== 'bilinear') {
    throw new Error(`UpSampling2D interpolation ${String(interpolation)} is not supported`);
  }
  // TF.js resizes with align_corners and half_pixel_centers off: source = floor(destination / scale).
  const y = g.op('Resize', [x.name, '', g.float([1, 1, sh, sw])], {
    mode: attr.string(interpolation === 'nearest' ? 'nearest' : 'linear'),
    coordinate_transformation_mode: attr.string('asymmetric'),
    nearest_mode: attr.string('floor'),
  });
  return { name: y, rank: 4 };
};

const pooling =
  (opType: 'AveragePool' | 'MaxPool'): LayerConverter =>
  ({ g, layer, inputs }) => {
    const { config } = layer;
    requireChannelsLast(config);
    const x = only(inputs, 4);
    const kernel = pair(config.pool_size ?? 2, 'pool_size');
    const strides = pair(config.strides ?? kernel, 'strides');
    const attributes: Record<string, Attribute> = {
      kernel_shape: attr.ints(kernel),
      strides: attr.ints(strides),
    };
    // TF averages over the window's real pixels only, never the padding.
    if (opType === 'AveragePool') attributes.count_include_pad = attr.int(0);
    const y = g.op(opType, [x.name], {
      ...attributes,
      ...windowPadding(config.padding, kernel, strides),
    });
    return { name: y, rank: 4 };
  };

const globalAveragePooling2d: LayerConverter = ({ g, layer, inputs }) => {
  requireChannelsLast(layer.config);
  const x = only(inputs, 4);
  const pooled = g.op('GlobalAveragePool', [x.name]);
  if (layer.config.keepdims === true) return { name: pooled, rank: 4 };
  return { name: g.op('Flatten', [pooled], { axis: attr.int(1) }), rank: 2 };
};

const flatten: LayerConverter = ({ g, layer, inputs }) => {
  requireChannelsLast(layer.config);
  const x = only(inputs);
  if (x.rank === 2) return x;
  // Keras flattens NHWC in row-major order: the following Dense expects (h, w, c), not (c, h, w).
  const nhwc = g.op('Transpose', [x.name], { perm: attr.ints([0, 2, 3, 1]) });
  return { name: g.op('Flatten', [nhwc], { axis: attr.int(1) }), rank: 2 };
};

const dense: LayerConverter = ({ g, layer, inputs, weight }) => {
  const x = only(inputs, 2);
  const kernel = weight('kernel');
  const [features, units] = kernel.shape as [number, number];
  const operands = [x.name, g.initializer(kernel.values, [features, units])];
  if (layer.config.use_bias !== false) operands.push(g.initializer(weight('bias').values, [units]));
  return activation(g, layer.config.activation, { name: g.op('Gemm', operands), rank: 2 });
};

const softmax: LayerConverter = ({ g, layer, inputs }) => {
  const x = only(inputs);
  const axis = onnxAxis(layer.config.axis ?? -1, x.rank);
  return { name: g.op('Softmax', [x.name], { axis: attr.int(axis) }), rank: x.rank };
};

/** upscalerjs's residual scaling: its MultiplyBeta multiplies by a fixed 0.2 whatever the config says. */
const multiplyBeta: LayerConverter = ({ g, layer, inputs }) => {
  const x = only(inputs);
  const beta = typeof layer.config.beta === 'number' ? layer.config.beta : 0.2;
  return { name: g.op('Mul', [x.name, g.float(beta)]), rank: x.rank };
};

/** upscalerjs's PixelShuffle<N>x: tf.depthToSpace(x, N, 'NHWC'), whose channel order is ONNX's DCR. */
const pixelShuffle: LayerConverter = ({ g, layer, inputs }) => {
  const x = only(inputs, 4);
  const fromName = /^PixelShuffle(\d+)x$/.exec(layer.class_name)?.[1];
  const scale = typeof layer.config.scale === 'number' ? layer.config.scale : Number(fromName);
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`${layer.class_name}: no scale`);
  const y = g.op('DepthToSpace', [x.name], { blocksize: attr.int(scale), mode: attr.string('DCR') });
  return { name: y, rank: 4 };
};

const identity: LayerConverter = ({ inputs }) => only(inputs);

const CONVERTERS: Record<string, LayerConverter> = {
  Conv2D: conv2d,
  DepthwiseConv2D: depthwiseConv2d,
  BatchNormalization: batchNormalization,
  ReLU: relu,
  Activation: ({ g, layer, inputs }) => activation(g, layer.config.activation, only(inputs)),
  Softmax: softmax,
  ZeroPadding2D: zeroPadding2d,
  Concatenate: concatenate,
  Add: add,
  UpSampling2D: upSampling2d,
  AveragePooling2D: pooling('AveragePool'),
  MaxPooling2D: pooling('MaxPool'),
  GlobalAveragePooling2D: globalAveragePooling2d,
  Flatten: flatten,
  Dense: dense,
  // Inference: dropout passes values through unchanged.
  Dropout: identity,
  MultiplyBeta: multiplyBeta,
};

export function layerConverter(className: string): LayerConverter | undefined {
  if (/^PixelShuffle\d+x$/.test(className)) return pixelShuffle;
  return CONVERTERS[className];
}

export const SUPPORTED_LAYERS = [...Object.keys(CONVERTERS), 'PixelShuffle<N>x'];
