// The reference the converter is checked against: TF.js's own pure-JavaScript CPU backend running the
// original layers-model, with upscalerjs's two custom layers registered exactly as its esrgan.js does.
import * as tf from '@tensorflow/tfjs';
import type { ModelTopology, WeightSpec } from '../../src/convert/tfjs-layers.format.ts';

const firstInput = (inputs: tf.Tensor | tf.Tensor[]) => (Array.isArray(inputs) ? inputs[0]! : inputs);

// Copies of @upscalerjs's `packages/shared/src/esrgan/esrgan.js`: beta is fixed at 0.2 whatever the
// config says, and PixelShuffle reports 3 output channels.
class MultiplyBeta extends tf.layers.Layer {
  static className = 'MultiplyBeta';
  beta = 0.2;
  constructor() {
    super({});
  }
  override call(inputs: tf.Tensor | tf.Tensor[]) {
    return tf.mul(firstInput(inputs), this.beta);
  }
}

class PixelShuffle4x extends tf.layers.Layer {
  static className = 'PixelShuffle4x';
  scale = 4;
  constructor() {
    super({});
  }
  override computeOutputShape(inputShape: tf.Shape): tf.Shape {
    return [inputShape[0]!, inputShape[1]!, inputShape[2]!, 3];
  }
  override call(inputs: tf.Tensor | tf.Tensor[]) {
    return tf.depthToSpace(firstInput(inputs) as tf.Tensor4D, this.scale, 'NHWC');
  }
}

let ready: Promise<void> | undefined;
function setup(): Promise<void> {
  ready ??= (async () => {
    // Production mode only drops the "install tfjs-node" banner and debug checks, not any arithmetic.
    tf.enableProdMode();
    await tf.setBackend('cpu');
    tf.serialization.registerClass(MultiplyBeta);
    tf.serialization.registerClass(PixelShuffle4x);
  })();
  return ready;
}

export interface ReferenceModel {
  modelTopology: ModelTopology;
  weightSpecs: WeightSpec[];
  weightData: ArrayBuffer;
}

/** Runs the model in TF.js on an NHWC input (the model's own layout) and returns its output. */
export async function runReference(
  model: ReferenceModel,
  input: Float32Array,
  shape: number[],
): Promise<{ data: Float32Array; shape: number[] }> {
  await setup();
  const layers = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: model.modelTopology as unknown as tf.io.ModelArtifacts['modelTopology'],
      weightSpecs: model.weightSpecs as tf.io.WeightsManifestEntry[],
      weightData: model.weightData,
    }),
  );
  try {
    const x = tf.tensor(input, shape);
    const y = layers.predict(x) as tf.Tensor;
    const data = (await y.data()) as Float32Array;
    const outShape = y.shape;
    tf.dispose([x, y]);
    return { data, shape: outShape };
  } finally {
    layers.dispose();
  }
}
