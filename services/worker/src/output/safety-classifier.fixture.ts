import { GraphBuilder } from '../onnx/graph-builder.ts';

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
