// Builds small layers-models in the exact JSON the TF.js converter writes (Keras 2 Functional topology,
// weights manifest, quantized or float32 weights), and writes them in the two npm packagings the
// converter reads: upscalerjs (model.json + .bin shards) and nsfwjs (model.min.js + base64 .min.js shards).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  KerasLayer,
  ModelTopology,
  WeightQuantization,
  WeightSpec,
} from '../../src/convert/tfjs-layers.format.ts';
import { toFloat16Bits } from '../../src/pipelines/sd-turbo/float16.ts';
import { seededUnit } from '../upscale/test-models.fixture.ts';

export interface SyntheticModel {
  topology: ModelTopology;
  /** Weight specs in manifest order, with each weight's stored bytes. */
  weights: { spec: WeightSpec; bytes: Uint8Array }[];
}

export type Storage = 'float32' | 'uint8' | 'uint16' | 'float16';
/** [shape, spread, offset (default 0), storage (default: the model's)]. */
export type WeightInit = [number[], number, number?, Storage?];

export class LayersModelBuilder {
  private readonly layers: KerasLayer[] = [];
  private readonly weights: SyntheticModel['weights'] = [];
  private readonly random: () => number;
  private inputName = '';

  /** `storage` is how weights are stored unless a layer says otherwise (nsfwjs: uint8). */
  constructor(
    private readonly name: string,
    seed: number,
    private readonly storage: Storage = 'float32',
  ) {
    this.random = seededUnit(seed);
  }

  input(name: string, batchInputShape: (number | null)[]): string {
    this.inputName = name;
    this.layers.push({
      class_name: 'InputLayer',
      config: { batch_input_shape: batchInputShape, dtype: 'float32', sparse: false, ragged: false, name },
      name,
      inbound_nodes: [],
    });
    return name;
  }

  /**
   * Adds a layer called on `inputs`. `weights` maps a weight name to [shape, spread, offset, storage]:
   * uniform random values in offset ± spread, stored as the model stores its weights unless told.
   */
  layer(
    className: string,
    name: string,
    config: Record<string, unknown>,
    inputs: string[],
    weights: Record<string, WeightInit> = {},
  ): string {
    this.layers.push({
      class_name: className,
      config: { name, trainable: true, dtype: 'float32', ...config },
      name,
      inbound_nodes: [inputs.map((input) => [input, 0, 0, {}])],
    });
    for (const [weight, [shape, spread, offset = 0, storage = this.storage]] of Object.entries(weights)) {
      const count = shape.reduce((a, b) => a * b, 1);
      const values = Float32Array.from({ length: count }, () => offset + (this.random() * 2 - 1) * spread);
      this.weights.push(store(`${name}/${weight}`, shape, values, storage));
    }
    return name;
  }

  conv2d(
    name: string,
    input: string,
    filters: number,
    channelsIn: number,
    config: Record<string, unknown> = {},
  ) {
    const [kh, kw] = (config.kernel_size as [number, number] | undefined) ?? [3, 3];
    const weights: Record<string, WeightInit> = { kernel: [[kh, kw, channelsIn, filters], 0.4] };
    if (config.use_bias !== false) weights.bias = [[filters], 0.1];
    const defaults = {
      filters,
      kernel_size: [kh, kw],
      strides: [1, 1],
      padding: 'same',
      dilation_rate: [1, 1],
    };
    return this.layer(
      'Conv2D',
      name,
      {
        ...defaults,
        data_format: 'channels_last',
        groups: 1,
        activation: 'linear',
        use_bias: true,
        ...config,
      },
      [input],
      weights,
    );
  }

  batchNorm(name: string, input: string, channels: number): string {
    const weights: Record<string, WeightInit> = {
      gamma: [[channels], 0.5, 1],
      beta: [[channels], 0.2],
      moving_mean: [[channels], 0.2],
      moving_variance: [[channels], 0.4, 0.6],
    };
    return this.layer(
      'BatchNormalization',
      name,
      { axis: -1, momentum: 0.999, epsilon: 0.001, center: true, scale: true },
      [input],
      weights,
    );
  }

  build(output: string): SyntheticModel {
    const config = {
      name: this.name,
      layers: this.layers,
      input_layers: [[this.inputName, 0, 0]] as [string, number, number][],
      output_layers: [[output, 0, 0]] as [string, number, number][],
    };
    return {
      topology: {
        keras_version: '2.10.0',
        backend: 'tensorflow',
        model_config: { class_name: 'Functional', config },
      },
      weights: this.weights,
    };
  }
}

function store(name: string, shape: number[], values: Float32Array, storage: Storage) {
  if (storage === 'float32') {
    return { spec: { name, shape, dtype: 'float32' as const }, bytes: new Uint8Array(values.buffer) };
  }
  if (storage === 'float16') {
    const bits = Uint16Array.from(values, toFloat16Bits);
    const quantization: WeightQuantization = { dtype: 'float16' };
    return {
      spec: { name, shape, dtype: 'float32' as const, quantization },
      bytes: new Uint8Array(bits.buffer),
    };
  }
  // Affine quantization as tfjs-converter writes it: scale = range / levels, q = round((v - min) / scale).
  const levels = storage === 'uint8' ? 255 : 65535;
  let min = Math.min(...values);
  const max = Math.max(...values);
  const scale = max > min ? (max - min) / levels : 1;
  min = Math.fround(min);
  const q = storage === 'uint8' ? new Uint8Array(values.length) : new Uint16Array(values.length);
  values.forEach((v, i) => {
    q[i] = Math.round((v - min) / scale);
  });
  const quantization: WeightQuantization = { dtype: storage, scale, min };
  return { spec: { name, shape, dtype: 'float32' as const, quantization }, bytes: new Uint8Array(q.buffer) };
}

/** All weights back to back, as TF.js's `weightData`. */
export function weightData(model: SyntheticModel): ArrayBuffer {
  const out = new Uint8Array(model.weights.reduce((n, w) => n + w.bytes.byteLength, 0));
  let offset = 0;
  for (const { bytes } of model.weights) {
    out.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return out.buffer;
}

/**
 * Splits the weights into `groups` manifest groups, each written as `shardsPerGroup` shard files of about
 * equal size (shard boundaries fall inside weights, as the TF.js converter's 4 MB shards do).
 */
function shardWeights(model: SyntheticModel, groups: number, shardsPerGroup: number) {
  const perGroup = Math.ceil(model.weights.length / groups);
  const manifest = [];
  const files: { path: string; bytes: Uint8Array }[] = [];
  for (let g = 0; g * perGroup < model.weights.length; g++) {
    const part = { topology: model.topology, weights: model.weights.slice(g * perGroup, (g + 1) * perGroup) };
    const data = new Uint8Array(weightData(part));
    const size = Math.ceil(data.byteLength / shardsPerGroup);
    const paths = [];
    for (let s = 0; s < shardsPerGroup; s++) {
      const path = `group${g + 1}-shard${s + 1}of${shardsPerGroup}`;
      paths.push(path);
      files.push({ path, bytes: data.subarray(s * size, (s + 1) * size) });
    }
    manifest.push({ paths, weights: part.weights.map((w) => w.spec) });
  }
  return { manifest, files };
}

/** upscalerjs packaging: `<dir>/model.json` beside `groupG-shardNofM.bin`. */
export function writeUpscalerjsModel(dir: string, model: SyntheticModel, groups = 1, shards = 2): void {
  mkdirSync(dir, { recursive: true });
  const { manifest, files } = shardWeights(model, groups, shards);
  for (const file of files) file.path += '.bin';
  for (const group of manifest) group.paths = group.paths.map((path) => `${path}.bin`);
  const json = {
    format: 'layers-model',
    generatedBy: 'keras v2.10.0',
    convertedBy: 'TensorFlow.js Converter v1.2.6',
    modelTopology: model.topology,
    weightsManifest: manifest,
  };
  writeFileSync(join(dir, 'model.json'), JSON.stringify(json));
  for (const file of files) writeFileSync(join(dir, file.path), file.bytes);
}

/** A browserify-style UMD bundle exporting `value`, as nsfwjs ships its model and shards. */
function umd(global: string, value: unknown): string {
  return (
    '!function(e){if("object"==typeof exports&&"undefined"!=typeof module)module.exports=e();' +
    'else if("function"==typeof define&&define.amd)define([],e);' +
    `else{("undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:this).${global}=e()}}` +
    `(function(){return function(){var a={};a.exports=${JSON.stringify(value)};return a.exports}()});`
  );
}

/** nsfwjs packaging: `<dir>/model.min.js` beside `groupG-shardNofM.min.js` holding base64 strings. */
export function writeNsfwjsModel(dir: string, model: SyntheticModel, shards = 2): void {
  mkdirSync(dir, { recursive: true });
  const { manifest, files } = shardWeights(model, 1, shards);
  writeFileSync(
    join(dir, 'model.min.js'),
    umd('model', { modelTopology: model.topology, weightsManifest: manifest }),
  );
  for (const file of files) {
    const encoded = Buffer.from(file.bytes).toString('base64');
    writeFileSync(join(dir, `${file.path}.min.js`), umd(file.path.replace(/-/g, '_'), encoded));
  }
}
