// The converter's ONNX models against TF.js running the original layers-models (pure-JS CPU backend), on
// seeded random inputs: small synthetic models in both npm packagings that together use every supported
// layer type, and the real nsfwjs MobileNetV2.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { nsfwjsPackageDir } from '../../../../test/support/photos.ts';
import {
  LayersModelBuilder,
  type SyntheticModel,
  type WeightInit,
  weightData,
  writeNsfwjsModel,
  writeUpscalerjsModel,
} from '../../test/convert/tfjs-layers.fixture.ts';
import { runReference } from '../../test/convert/tfjs-reference.fixture.ts';
import { seededUnit } from '../../test/upscale/test-models.fixture.ts';
import { createEsrganUpscaler } from '../upscale/upscale.pipeline.ts';
import { convertNpmLayersModel } from './tfjs-layers.converter.ts';
import type { ModelTopology, WeightsGroup } from './tfjs-layers.format.ts';

const dir = mkdtempSync(join(tmpdir(), 'pictura-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function randomInput(shape: number[], seed: number): Float32Array {
  const next = seededUnit(seed);
  return Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, next);
}

/** [N, H, W, C] ↔ [N, C, H, W]. */
function toNchw(data: Float32Array, [n, h, w, c]: number[]): Float32Array {
  const out = new Float32Array(data.length);
  for (let b = 0; b < n!; b++)
    for (let y = 0; y < h!; y++)
      for (let x = 0; x < w!; x++)
        for (let k = 0; k < c!; k++)
          out[((b * c! + k) * h! + y) * w! + x] = data[((b * h! + y) * w! + x) * c! + k]!;
  return out;
}

async function runOnnx(model: Uint8Array, nhwc: Float32Array, shape: number[]) {
  const [n, h, w, c] = shape as [number, number, number, number];
  const session = await ort.InferenceSession.create(model, { executionProviders: ['cpu'] });
  try {
    const input = new ort.Tensor('float32', toNchw(nhwc, shape), [n, c, h, w]);
    const { output } = await session.run({ input });
    return { data: output!.data as Float32Array, dims: [...output!.dims] };
  } finally {
    await session.release();
  }
}

/** Runs both and checks the ONNX output against TF.js: same shape, max |Δ| below 1e-4 of the output range. */
async function expectSameAsTfjs(
  onnx: Uint8Array,
  reference: Parameters<typeof runReference>[0],
  shape: number[],
  seed: number,
) {
  const input = randomInput(shape, seed);
  const expected = await runReference(reference, input, shape);
  const actual = await runOnnx(onnx, input, shape);
  const rank4 = expected.shape.length === 4;
  const [n, h, w, c] = expected.shape;
  expect(actual.dims).toEqual(rank4 ? [n, c, h, w] : expected.shape);
  const want = rank4 ? toNchw(expected.data, expected.shape) : expected.data;
  let maxDiff = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  want.forEach((v, i) => {
    maxDiff = Math.max(maxDiff, Math.abs(v - actual.data[i]!));
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  });
  expect(hi - lo).toBeGreaterThan(0);
  expect(maxDiff / (hi - lo)).toBeLessThan(1e-4);
  return { expected, maxDiff, range: hi - lo };
}

const referenceOf = (model: SyntheticModel) => ({
  modelTopology: model.topology,
  weightSpecs: model.weights.map((w) => w.spec),
  weightData: weightData(model),
});

/** ESRGAN-thick in miniature: residual dense block, ×0.2 residual scaling, PixelShuffle ×4. */
function thickLike(): SyntheticModel {
  const m = new LayersModelBuilder('thick_like', 11);
  const input = m.input('LR_input', [null, null, null, 3]);
  const pre = m.conv2d('Pre_blocks_conv', input, 8, 3);
  const f1 = m.layer('Activation', 'F_1_Relu', { activation: 'relu' }, [m.conv2d('F_1', pre, 4, 8)]);
  const cat1 = m.layer('Concatenate', 'RDB_Concat_1', { axis: 3 }, [pre, f1]);
  const f2 = m.conv2d('F_2', cat1, 4, 12, { activation: 'relu' });
  const cat2 = m.layer('Concatenate', 'RDB_Concat_2', { axis: -1 }, [cat1, f2]);
  const lff = m.conv2d('LFF', cat2, 8, 16, { kernel_size: [1, 1] });
  const beta = m.layer('MultiplyBeta', 'multiply_beta', { beta: 0.2 }, [lff]);
  const grl = m.layer('Add', 'GRL', {}, [pre, beta]);
  const pre48 = m.conv2d('PreShuffle', grl, 48, 8);
  const shuffled = m.layer('PixelShuffle4x', 'pixel_shuffle', { scale: 4 }, [pre48]);
  return m.build(m.conv2d('SR', shuffled, 3, 3));
}

/** MobileNetV2 in miniature, stored as nsfwjs stores it: uint8-quantized weights (one uint16, one float16). */
function mobilenetLike(): SyntheticModel {
  const m = new LayersModelBuilder('mobilenet_like', 22, 'uint8');
  const input = m.input('input_1', [null, 16, 16, 3]);
  const padding = [
    [0, 1],
    [0, 1],
  ];
  const pad = m.layer('ZeroPadding2D', 'Conv1_pad', { padding, data_format: 'channels_last' }, [input]);
  const conv1 = m.conv2d('Conv1', pad, 8, 3, { strides: [2, 2], padding: 'valid', use_bias: false });
  const relu6 = (name: string, from: string) =>
    m.layer('ReLU', name, { max_value: 6, negative_slope: 0, threshold: 0 }, [from]);
  const relu1 = relu6('Conv1_relu', m.batchNorm('bn_Conv1', conv1, 8));
  const depthwise = (
    name: string,
    from: string,
    config: Record<string, unknown>,
    weights: Record<string, WeightInit>,
  ) =>
    m.layer(
      'DepthwiseConv2D',
      name,
      {
        kernel_size: [3, 3],
        dilation_rate: [1, 1],
        data_format: 'channels_last',
        activation: 'linear',
        ...config,
      },
      [from],
      weights,
    );
  const dw = depthwise(
    'expanded_conv_depthwise',
    relu1,
    { strides: [1, 1], padding: 'same', depth_multiplier: 1, use_bias: false },
    { depthwise_kernel: [[3, 3, 8, 1], 0.5] },
  );
  const dwRelu = relu6('expanded_conv_depthwise_relu', m.batchNorm('expanded_conv_depthwise_BN', dw, 8));
  const project = m.conv2d('expanded_conv_project', dwRelu, 8, 8, { kernel_size: [1, 1], use_bias: false });
  const add = m.layer('Add', 'block_add', {}, [relu1, m.batchNorm('expanded_conv_project_BN', project, 8)]);
  // Stride 2 with 'same' on an even side: TF pads the odd pixel at the end (SAME_UPPER).
  const down = depthwise(
    'block_1_depthwise',
    add,
    { strides: [2, 2], padding: 'same', depth_multiplier: 2, use_bias: true },
    { depthwise_kernel: [[3, 3, 8, 2], 0.5], bias: [[16], 0.1] },
  );
  const pool = m.layer(
    'AveragePooling2D',
    'average_pooling2d_1',
    { pool_size: [2, 2], strides: [2, 2], padding: 'valid' },
    [down],
  );
  const flat = m.layer('Flatten', 'flatten_1', { data_format: 'channels_last' }, [pool]);
  const dense1 = m.layer('Dense', 'dense_1', { units: 12, activation: 'relu', use_bias: true }, [flat], {
    kernel: [[64, 12], 0.3, 0, 'uint16'],
    bias: [[12], 0.1, 0, 'float16'],
  });
  const dropout = m.layer('Dropout', 'dropout_2', { rate: 0.5, noise_shape: null, seed: null }, [dense1]);
  const dense2 = m.layer('Dense', 'dense_3', { units: 5, activation: 'softmax', use_bias: true }, [dropout], {
    kernel: [[12, 5], 0.8],
    bias: [[5], 0.1],
  });
  return m.build(dense2);
}

/** The rest: even and dilated kernels, strided 'same' convolution and pooling, every activation, resizes. */
function miscellany(): SyntheticModel {
  const m = new LayersModelBuilder('miscellany', 33);
  const input = m.input('image', [null, null, null, 4]);
  const even = m.conv2d('even_kernel', input, 6, 4, { kernel_size: [2, 2] });
  const dilated = m.conv2d('dilated', even, 6, 6, {
    kernel_size: [2, 3],
    dilation_rate: [2, 2],
    activation: 'tanh',
  });
  const activations = [
    'sigmoid',
    'hard_sigmoid',
    'elu',
    'selu',
    'softplus',
    'softsign',
    'swish',
    'relu6',
    'linear',
  ];
  const branches = activations.map((activation) =>
    m.layer('Activation', `act_${activation}`, { activation }, [dilated]),
  );
  branches.push(m.layer('Softmax', 'channel_softmax', { axis: -1 }, [dilated]));
  const sum = m.layer('Add', 'sum_of_branches', {}, branches);
  const maxPool = m.layer(
    'MaxPooling2D',
    'max_pool',
    { pool_size: [3, 3], strides: [2, 2], padding: 'same' },
    [sum],
  );
  const avgPool = m.layer(
    'AveragePooling2D',
    'avg_pool',
    { pool_size: [3, 3], strides: [1, 1], padding: 'same' },
    [maxPool],
  );
  const nearest = m.layer('UpSampling2D', 'up_nearest', { size: [2, 2], interpolation: 'nearest' }, [
    avgPool,
  ]);
  const bilinear = m.layer('UpSampling2D', 'up_bilinear', { size: [2, 3], interpolation: 'bilinear' }, [
    nearest,
  ]);
  const strided = m.conv2d('strided_same', bilinear, 5, 6, { strides: [2, 2], activation: 'elu' });
  const global = m.layer('GlobalAveragePooling2D', 'global_pool', { data_format: 'channels_last' }, [
    strided,
  ]);
  const dense = m.layer('Dense', 'logits', { units: 3, activation: 'linear', use_bias: true }, [global], {
    kernel: [[5, 3], 1],
    bias: [[3], 0.1],
  });
  return m.build(dense);
}

function packaged(model: SyntheticModel, packaging: 'nsfwjs' | 'upscalerjs'): string {
  const packageDir = mkdtempSync(join(dir, `${packaging}-`));
  if (packaging === 'nsfwjs') writeNsfwjsModel(join(packageDir, 'dist/models/tiny'), model);
  else writeUpscalerjsModel(join(packageDir, 'models/x4'), model, 2, 2);
  return packageDir;
}

describe('the TF.js layers-model → ONNX converter', () => {
  it('matches TF.js on an ESRGAN-thick-like model in the upscalerjs packaging (custom layers included)', async () => {
    const model = thickLike();
    const onnx = await convertNpmLayersModel(packaged(model, 'upscalerjs'), 'upscalerjs', 'models/x4');
    // A non-square input catches swapped height and width; the output is ×4 on both.
    const { expected } = await expectSameAsTfjs(onnx, referenceOf(model), [1, 6, 5, 3], 1);
    expect(expected.shape).toEqual([1, 24, 20, 3]);
  });

  it('matches TF.js on a MobileNetV2-like classifier in the nsfwjs packaging, quantized weights and all', async () => {
    const model = mobilenetLike();
    const onnx = await convertNpmLayersModel(packaged(model, 'nsfwjs'), 'nsfwjs', 'dist/models/tiny');
    const { expected } = await expectSameAsTfjs(onnx, referenceOf(model), [2, 16, 16, 3], 2);
    expect(expected.shape).toEqual([2, 5]);
  });

  it('matches TF.js on odd sizes through strided, dilated and even kernels, pooling, resizes and activations', async () => {
    const model = miscellany();
    const onnx = await convertNpmLayersModel(packaged(model, 'upscalerjs'), 'upscalerjs', 'models/x4');
    await expectSameAsTfjs(onnx, referenceOf(model), [1, 9, 7, 4], 3);
    await expectSameAsTfjs(onnx, referenceOf(model), [1, 6, 10, 4], 4);
  });

  it('matches TF.js on the real nsfwjs MobileNetV2', async () => {
    const packageDir = nsfwjsPackageDir();
    const onnx = await convertNpmLayersModel(packageDir, 'nsfwjs', 'dist/models/mobilenet_v2');
    // TF.js reads the package the way nsfwjs itself does: require the bundles, base64-decode the shard.
    const folder = join(packageDir, 'dist/models/mobilenet_v2');
    const load = createRequire(join(folder, 'model.min.js'));
    const { modelTopology, weightsManifest } = load('./model.min.js') as {
      modelTopology: ModelTopology;
      weightsManifest: WeightsGroup[];
    };
    const shards = weightsManifest[0]!.paths.map((path) =>
      Buffer.from(load(`./${path}.min.js`) as string, 'base64'),
    );
    const bytes = Buffer.concat(shards);
    const reference = {
      modelTopology,
      weightSpecs: weightsManifest.flatMap((group) => group.weights),
      weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    };
    const { expected } = await expectSameAsTfjs(onnx, reference, [1, 224, 224, 3], 5);
    expect(expected.shape).toEqual([1, 5]);
  });

  it('gives a model that the worker upscales with through its ESRGAN path', async () => {
    const model = thickLike();
    const onnx = await convertNpmLayersModel(
      packaged(model, 'upscalerjs'),
      'upscalerjs',
      'models/x4/model.json',
    );
    const path = join(dir, 'thick-like.onnx');
    writeFileSync(path, onnx);
    const upscaler = await createEsrganUpscaler(ort, path);
    try {
      const input = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4080c0' } })
        .png()
        .toBuffer();
      const result = await upscaler.upscale({ input, format: 'png' });
      expect([result.width, result.height]).toEqual([160, 120]);
    } finally {
      await upscaler.release();
    }
  });

  it('names the layer it cannot convert, and the ones it can', async () => {
    const m = new LayersModelBuilder('lstm', 44);
    const input = m.input('in', [null, 8]);
    const model = m.build(m.layer('LSTM', 'lstm_1', { units: 4 }, [input]));
    await expect(
      convertNpmLayersModel(packaged(model, 'upscalerjs'), 'upscalerjs', 'models/x4'),
    ).rejects.toThrow(/layer lstm_1 is a LSTM; supported: Conv2D, DepthwiseConv2D/);
  });

  it('refuses weights that do not fit the topology, and shard paths outside the package', async () => {
    const m = new LayersModelBuilder('mismatch', 55);
    const input = m.input('in', [null, null, null, 3]);
    const conv = m.conv2d('conv', input, 4, 3);
    const model = m.build(conv);
    model.weights = model.weights.filter((w) => !w.spec.name.endsWith('/bias'));
    await expect(
      convertNpmLayersModel(packaged(model, 'upscalerjs'), 'upscalerjs', 'models/x4'),
    ).rejects.toThrow('layer conv has no weight conv/bias');

    const escaping = mkdtempSync(join(dir, 'escaping-'));
    mkdirSync(join(escaping, 'models'));
    const manifest = [{ paths: ['../../../../etc/passwd'], weights: [] }];
    writeFileSync(
      join(escaping, 'models/model.json'),
      JSON.stringify({ modelTopology: model.topology, weightsManifest: manifest }),
    );
    await expect(convertNpmLayersModel(escaping, 'upscalerjs', 'models')).rejects.toThrow('points outside');
  });
});
