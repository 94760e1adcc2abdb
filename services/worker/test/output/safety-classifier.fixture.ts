import { GraphBuilder } from '../../src/onnx/graph-builder.ts';

// A stand-in with a real classifier's signature: image [1,3,64,64] → per-class scores [1,3], here simply
// the mean of each colour channel, so "class 0" means "red" and the expected scores are known.
export function channelMeanClassifier(): Uint8Array {
  const g = new GraphBuilder('classifier');
  const image = g.input('pixel_values', 'float32', [1, 3, 64, 64]);
  const means = g.op('ReduceMean', [image, g.int64([2, 3])], {});
  const flat = g.op('Reshape', [means, g.int64([1, 3])]);
  g.node('Identity', [flat], ['probabilities']);
  g.output('probabilities', 'float32', [1, 3]);
  return g.build();
}

/** nsfwjs's classes, in its output order. */
export const NSFWJS_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;

/**
 * A test-only classifier with the converted nsfwjs MobileNetV2's signature (`input` [batch,3,224,224] →
 * `output` [batch,5] probabilities) that answers "porn" (class 3, ≈ 0.9998) for every picture.
 */
export function alwaysPornClassifier(): Uint8Array {
  const g = new GraphBuilder('always-porn');
  const image = g.input('input', 'float32', ['batch', 3, 224, 224]);
  // Zero times the picture keeps the output's batch dimension tied to the input's.
  const mean = g.op('Flatten', [g.op('ReduceMean', [image, g.int64([1, 2, 3])])], {});
  const logits = g.op('Add', [g.op('Mul', [mean, g.float(0)]), g.float([0, 0, 0, 12, 0], [5])]);
  g.node('Softmax', [logits], ['output']);
  g.output('output', 'float32', ['batch', 5]);
  return g.build();
}
