// Terse single-output ops over GraphBuilder, so shader-like graph code reads like the maths it computes.
import { type Attribute, attr, type GraphBuilder } from '../onnx/graph-builder.ts';

/** A tensor name, or a number that becomes a float32 scalar constant. */
export type Operand = string | number;

export class GraphOps {
  private readonly scalars = new Map<number, string>();

  constructor(readonly g: GraphBuilder) {}

  private v(x: Operand): string {
    if (typeof x === 'string') return x;
    const known = this.scalars.get(x);
    if (known) return known;
    const name = this.g.float(x);
    this.scalars.set(x, name);
    return name;
  }

  op(type: string, inputs: Operand[], attributes?: Record<string, Attribute>): string {
    return this.g.op(
      type,
      inputs.map((x) => this.v(x)),
      attributes,
    );
  }

  add = (a: Operand, b: Operand) => this.op('Add', [a, b]);
  sub = (a: Operand, b: Operand) => this.op('Sub', [a, b]);
  mul = (a: Operand, b: Operand) => this.op('Mul', [a, b]);
  div = (a: Operand, b: Operand) => this.op('Div', [a, b]);
  pow = (a: Operand, b: Operand) => this.op('Pow', [a, b]);
  max = (a: Operand, b: Operand) => this.op('Max', [a, b]);
  min = (a: Operand, b: Operand) => this.op('Min', [a, b]);
  matmul = (a: Operand, b: Operand) => this.op('MatMul', [a, b]);
  /** a·b + c, with c broadcast (e.g. a per-row bias [rows, 1]). */
  gemm = (a: Operand, b: Operand, c: Operand) => this.op('Gemm', [a, b, c]);
  sin = (x: Operand) => this.op('Sin', [x]);
  cos = (x: Operand) => this.op('Cos', [x]);
  tanh = (x: Operand) => this.op('Tanh', [x]);
  sigmoid = (x: Operand) => this.op('Sigmoid', [x]);
  exp = (x: Operand) => this.op('Exp', [x]);
  abs = (x: Operand) => this.op('Abs', [x]);
  sign = (x: Operand) => this.op('Sign', [x]);
  relu = (x: Operand) => this.op('Relu', [x]);
  sqrt = (x: Operand) => this.op('Sqrt', [x]);
  floor = (x: Operand) => this.op('Floor', [x]);
  round = (x: Operand) => this.op('Round', [x]);
  clip = (x: Operand, lo: Operand, hi: Operand) => this.op('Clip', [x, lo, hi]);
  /** x·(1−t) + y·t */
  mix = (x: Operand, y: Operand, t: Operand) => this.add(x, this.mul(this.sub(y, x), t));
  /** Hermite smoothstep of x between e0 and e1. */
  smoothstep = (e0: number, e1: number, x: Operand) => {
    const t = this.clip(this.mul(this.sub(x, e0), 1 / (e1 - e0)), 0, 1);
    return this.mul(this.mul(t, t), this.sub(3, this.mul(t, 2)));
  };
  /** x − floor(x) */
  fract = (x: Operand) => this.sub(x, this.floor(x));
  reshape = (x: Operand, shape: readonly number[] | string) =>
    this.op('Reshape', [x, typeof shape === 'string' ? shape : this.g.int64(shape)]);
  concat = (xs: Operand[], axis: number) => this.op('Concat', xs, { axis: attr.int(axis) });
  /** Rows [start, end) along `axis`. */
  slice = (x: Operand, start: number, end: number, axis = 0) =>
    this.op('Slice', [x, this.g.int64([start]), this.g.int64([end]), this.g.int64([axis])]);
  sumSquares = (x: Operand, axis: number) =>
    this.op('ReduceSumSquare', [x, this.g.int64([axis])], { keepdims: attr.int(1) });
  reduceSum = (x: Operand, axis: number) =>
    this.op('ReduceSum', [x, this.g.int64([axis])], { keepdims: attr.int(1) });
  reduceMean = (x: Operand, axis: number) =>
    this.op('ReduceMean', [x, this.g.int64([axis])], { keepdims: attr.int(1) });
  reduceMax = (x: Operand, axis: number) =>
    this.op('ReduceMax', [x, this.g.int64([axis])], { keepdims: attr.int(1) });
  /** Euclidean length along `axis`. */
  length = (x: Operand, axis: number) => this.sqrt(this.sumSquares(x, axis));
}
