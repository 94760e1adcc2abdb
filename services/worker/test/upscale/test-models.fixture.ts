// Tiny models with the signature of real upscaler exports, built in code for the tests.
import { attr, GraphBuilder } from '../../src/onnx/graph-builder.ts';

/** Deterministic pseudo-random numbers in [0, 1) (LCG), so test models are the same on every run. */
export function seededUnit(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A convolution-only ×4 model with a 2-pixel receptive field: Pad(edge) + 5×5 Conv (3 → 48 channels,
 * random weights mixing all colours) + LeakyRelu + DepthToSpace. Padding by replication inside the model
 * means a run on the whole image sees the same border as the tiler gives edge tiles.
 */
export function buildConvolutionTestModel(seed = 7): Uint8Array {
  const random = seededUnit(seed);
  const g = new GraphBuilder('conv-test-x4');
  g.input('input', 'float32', [1, 3, 'height', 'width']);
  const padded = g.op('Pad', ['input', g.int64([0, 0, 2, 2, 0, 0, 2, 2])], { mode: attr.string('edge') });
  // Weights around 1/75 keep outputs near [0, 1], so little of the comparison is lost to clamping.
  const weights = Float32Array.from({ length: 48 * 3 * 25 }, () => random() / 37.5);
  const bias = Float32Array.from({ length: 48 }, () => random() * 0.2 - 0.1);
  const conv = g.op('Conv', [padded, g.initializer(weights, [48, 3, 5, 5]), g.initializer(bias, [48])], {
    kernel_shape: attr.ints([5, 5]),
  });
  const activated = g.op('LeakyRelu', [conv], { alpha: attr.float(0.2) });
  g.node('DepthToSpace', [activated], ['output'], { blocksize: attr.int(4), mode: attr.string('CRD') });
  g.output('output', 'float32', [1, 3, 'height_x4', 'width_x4']);
  return g.build();
}

export interface EsrganTestModelOptions {
  /** Element type of `input` and `output`; float16 exports cast around float32 maths. */
  dtype?: 'float32' | 'float16';
  /** Fixed input height and width, as some exports have; dynamic when omitted. */
  fixedSide?: number;
  /** Upscale factor; a real Real-ESRGAN x4 export is 4. */
  scale?: number;
}

/**
 * The shape of a Real-ESRGAN export (input `input` [1, 3, H, W] → output `output` [1, 3, 4H, 4W]) as one
 * Conv (nearest-neighbour weights: every sub-pixel copies its input pixel) + DepthToSpace, like the
 * compact model's pixel-shuffle tail.
 */
export function buildEsrganShapedModel({
  dtype = 'float32',
  fixedSide,
  scale = 4,
}: EsrganTestModelOptions = {}): Uint8Array {
  const g = new GraphBuilder('esrgan-shaped-test');
  const side = fixedSide ?? 'height';
  g.input('input', dtype, [1, 3, side, fixedSide ?? 'width']);
  const x = dtype === 'float16' ? g.op('Cast', ['input'], { to: attr.int(1) }) : 'input';
  const subPixels = scale * scale;
  const weights = new Float32Array(3 * subPixels * 3);
  for (let c = 0; c < 3; c++) for (let k = 0; k < subPixels; k++) weights[(c * subPixels + k) * 3 + c] = 1;
  const conv = g.op('Conv', [x, g.initializer(weights, [3 * subPixels, 3, 1, 1])], {
    kernel_shape: attr.ints([1, 1]),
  });
  const shuffled = g.op('DepthToSpace', [conv], { blocksize: attr.int(scale), mode: attr.string('CRD') });
  if (dtype === 'float16') g.node('Cast', [shuffled], ['output'], { to: attr.int(10) });
  else g.node('Identity', [shuffled], ['output']);
  g.output('output', dtype, [1, 3, 'out_height', 'out_width']);
  return g.build();
}
