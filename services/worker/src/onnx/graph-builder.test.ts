import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { attr, GraphBuilder } from './graph-builder.ts';

async function run(
  model: Uint8Array,
  feeds: Record<string, ort.Tensor>,
): Promise<ort.InferenceSession.ReturnType> {
  const session = await ort.InferenceSession.create(model, { executionProviders: ['cpu'] });
  try {
    return await session.run(feeds);
  } finally {
    await session.release();
  }
}

describe('GraphBuilder', () => {
  it('adds an input to a float initializer with a symbolic batch dim', async () => {
    const g = new GraphBuilder('add');
    g.input('x', 'float32', ['batch', 3]);
    const bias = g.initializer(new Float32Array([10, 20, 30]), [3], 'bias');
    g.node('Add', ['x', bias], ['y']);
    g.output('y', 'float32', ['batch', 3]);
    const out = await run(g.build(), {
      x: new ort.Tensor('float32', new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]),
    });
    expect(out.y.dims).toEqual([2, 3]);
    expect(Array.from(out.y.data as Float32Array)).toEqual([11, 22, 33, 14, 25, 36]);
  });

  it('runs MatMul against a weight matrix', async () => {
    const g = new GraphBuilder();
    g.input('a', 'float32', [2, 2]);
    const w = g.initializer(new Float32Array([1, 2, 3, 4]), [2, 2]);
    g.output(g.node('MatMul', ['a', w], ['c'])[0], 'float32');
    const out = await run(g.build(), {
      a: new ort.Tensor('float32', new Float32Array([1, 0, 1, 1]), [2, 2]),
    });
    expect(Array.from(out.c.data as Float32Array)).toEqual([1, 2, 4, 6]);
  });

  it('passes int and ints attributes to Conv', async () => {
    const g = new GraphBuilder();
    g.input('img', 'float32', [1, 1, 3, 3]);
    const kernel = g.initializer(new Float32Array(9).fill(1), [1, 1, 3, 3]);
    const y = g.op('Conv', ['img', kernel], {
      kernel_shape: attr.ints([3, 3]),
      pads: attr.ints([1, 1, 1, 1]),
      group: attr.int(1),
    });
    g.output(y, 'float32', [1, 1, 3, 3]);
    const img = new ort.Tensor(
      'float32',
      Float32Array.from({ length: 9 }, (_, i) => i + 1),
      [1, 1, 3, 3],
    );
    const out = await run(g.build(), { img });
    // Sum of each 3×3 neighbourhood of [[1,2,3],[4,5,6],[7,8,9]] with zero padding.
    expect(Array.from(out[y].data as Float32Array)).toEqual([12, 21, 16, 27, 45, 33, 24, 39, 28]);
  });

  it('passes string attributes and int64 initializers to Resize', async () => {
    const g = new GraphBuilder();
    g.input('img', 'float32', [1, 1, 2, 2]);
    const sizes = g.int64([1, 1, 4, 4]);
    const y = g.op('Resize', ['img', '', '', sizes], { mode: attr.string('nearest') });
    g.output(y, 'float32', [1, 1, 4, 4]);
    const out = await run(g.build(), {
      img: new ort.Tensor('float32', new Float32Array([1, 2, 3, 4]), [1, 1, 2, 2]),
    });
    expect(Array.from(out[y].data as Float32Array)).toEqual([1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  });

  it('passes float, floats and tensor attributes, int32 initializers and Gather', async () => {
    const g = new GraphBuilder();
    g.input('x', 'float32', [4]);
    g.input('ids', 'int64', [2]);
    const leaky = g.op('LeakyRelu', ['x'], { alpha: attr.float(0.5) });
    const table = g.op('Constant', [], { value: attr.tensor(new Float32Array([0.25, 0.5, 0.75]), [3]) });
    const picked = g.op('Gather', [table, 'ids'], { axis: attr.int(0) });
    const asFloat = g.op('Cast', [g.initializer(new Int32Array([7]), [1])], { to: attr.int(1) });
    const clipped = g.op('Clip', [
      g.op('Concat', [leaky, picked, asFloat], { axis: attr.int(0) }),
      g.float(-1),
      g.float(5),
    ]);
    const ln = g.op('LayerNormalization', [g.float([1, 2, 3]), g.float([1, 1, 1]), g.float([0, 0, 0])], {
      epsilon: attr.float(0),
    });
    g.output(clipped, 'float32', [7]);
    g.output(ln, 'float32', [3]);
    const model = g.build({ opset: 17, irVersion: 8 });
    const out = await run(model, {
      x: new ort.Tensor('float32', new Float32Array([-4, -1, 2, 6]), [4]),
      ids: new ort.Tensor('int64', BigInt64Array.from([2n, 0n]), [2]),
    });
    expect(Array.from(out[clipped].data as Float32Array)).toEqual([-1, -0.5, 2, 5, 0.75, 0.25, 5]);
    const normed = Array.from(out[ln].data as Float32Array);
    expect(normed[0]).toBeCloseTo(-Math.sqrt(1.5), 5);
    expect(normed[2]).toBeCloseTo(Math.sqrt(1.5), 5);
  });

  it('rejects a tensor whose data does not fill its dims, and duplicate names', () => {
    const g = new GraphBuilder();
    expect(() => g.initializer(new Float32Array(5), [2, 3])).toThrow(/need 6 values/);
    g.input('x', 'float32', [1]);
    expect(() => g.node('Relu', ['x'], ['x'])).toThrow(/used twice/);
  });
});
