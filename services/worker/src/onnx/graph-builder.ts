// A small typed layer over `onnx-proto` for building ONNX models in code: the project's built-in models and
// the tiny stand-in models tests use to mimic real exports.
import { createRequire } from 'node:module';
import type * as OnnxProto from 'onnx-proto';

// onnx-proto is CommonJS (`module.exports = root`), so Node's ESM loader exposes no named `onnx` export.
const { onnx } = createRequire(import.meta.url)('onnx-proto') as typeof OnnxProto;
const DataType = onnx.TensorProto.DataType;
const AttrType = onnx.AttributeProto.AttributeType;

const ELEM_TYPES = {
  float32: DataType.FLOAT,
  float16: DataType.FLOAT16,
  float64: DataType.DOUBLE,
  int8: DataType.INT8,
  uint8: DataType.UINT8,
  int16: DataType.INT16,
  int32: DataType.INT32,
  int64: DataType.INT64,
  bool: DataType.BOOL,
} as const;
export type ElemType = keyof typeof ELEM_TYPES;
/** A dimension: a fixed size or a symbolic name such as `'batch'` or `'height'`. */
export type Dim = number | string;

/** Tensor data: the element type follows the array (Float32Array → float32, Int32Array → int32, BigInt64Array → int64). */
export type TensorData = Float32Array | Int32Array | BigInt64Array;
export interface TensorValue {
  data: TensorData;
  dims: readonly number[];
}

/** A node attribute; build one with the `attr` helpers so int and float are never confused. */
export type Attribute =
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'ints'; value: readonly number[] }
  | { kind: 'floats'; value: readonly number[] }
  | { kind: 'tensor'; value: TensorValue };

export const attr = {
  int: (value: number): Attribute => ({ kind: 'int', value }),
  float: (value: number): Attribute => ({ kind: 'float', value }),
  string: (value: string): Attribute => ({ kind: 'string', value }),
  ints: (value: readonly number[]): Attribute => ({ kind: 'ints', value }),
  floats: (value: readonly number[]): Attribute => ({ kind: 'floats', value }),
  tensor: (data: TensorData, dims: readonly number[]): Attribute => ({
    kind: 'tensor',
    value: { data, dims },
  }),
};

export interface ModelOptions {
  /** Default 10 (onnxruntime-node 1.30 loads IR 8 to 13). */
  irVersion?: number;
  /** ai.onnx opset, default 21. */
  opset?: number;
  producerName?: string;
}

function tensorProto(name: string, { data, dims }: TensorValue): OnnxProto.onnx.ITensorProto {
  const expected = dims.reduce((a, b) => a * b, 1);
  if (expected !== data.length)
    throw new Error(`tensor ${name}: dims [${dims}] need ${expected} values, got ${data.length}`);
  const dataType = data instanceof Float32Array ? 'float32' : data instanceof Int32Array ? 'int32' : 'int64';
  // raw_data is little-endian, as are the hosts we run on (x86-64, arm64).
  const rawData = new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  return { name, dims: [...dims], dataType: ELEM_TYPES[dataType], rawData };
}

function attributeProto(name: string, a: Attribute): OnnxProto.onnx.IAttributeProto {
  switch (a.kind) {
    case 'int':
      return { name, type: AttrType.INT, i: a.value };
    case 'float':
      return { name, type: AttrType.FLOAT, f: a.value };
    case 'string':
      return { name, type: AttrType.STRING, s: new TextEncoder().encode(a.value) };
    case 'ints':
      return { name, type: AttrType.INTS, ints: [...a.value] };
    case 'floats':
      return { name, type: AttrType.FLOATS, floats: [...a.value] };
    case 'tensor':
      return { name, type: AttrType.TENSOR, t: tensorProto(name, a.value) };
  }
}

function valueInfo(name: string, elemType: ElemType, shape?: readonly Dim[]): OnnxProto.onnx.IValueInfoProto {
  const dim = shape?.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType: ELEM_TYPES[elemType], shape: dim ? { dim } : undefined } } };
}

export class GraphBuilder {
  private readonly inputs: OnnxProto.onnx.IValueInfoProto[] = [];
  private readonly outputs: OnnxProto.onnx.IValueInfoProto[] = [];
  private readonly initializers: OnnxProto.onnx.ITensorProto[] = [];
  private readonly nodes: OnnxProto.onnx.INodeProto[] = [];
  private readonly names = new Set<string>();
  private counter = 0;

  constructor(private readonly name = 'graph') {}

  /** Declares a graph input and returns its name. */
  input(name: string, elemType: ElemType, shape: readonly Dim[]): string {
    this.inputs.push(valueInfo(this.claim(name), elemType, shape));
    return name;
  }

  /** Declares a graph output; the shape may be left for onnxruntime to infer. */
  output(name: string, elemType: ElemType, shape?: readonly Dim[]): string {
    this.outputs.push(valueInfo(name, elemType, shape));
    return name;
  }

  /** Adds a constant tensor (weights, shapes, scalars); a name is generated when none is given. */
  initializer(data: TensorData, dims: readonly number[], name = this.fresh('const')): string {
    this.initializers.push(tensorProto(this.claim(name), { data, dims }));
    return name;
  }

  /** float32 constant of the given values; a 1-element constant with no dims is a scalar. */
  float(values: number | readonly number[], dims?: readonly number[]): string {
    const data = Float32Array.from(typeof values === 'number' ? [values] : values);
    return this.initializer(data, dims ?? (typeof values === 'number' ? [] : [data.length]));
  }

  /** int64 constant (shapes, axes, indices). */
  int64(values: readonly number[], dims: readonly number[] = [values.length]): string {
    return this.initializer(BigInt64Array.from(values, BigInt), dims);
  }

  /** Adds a node with explicit output names. Use `''` for an omitted optional input. */
  node(
    opType: string,
    inputs: readonly string[],
    outputs: readonly string[],
    attributes: Record<string, Attribute> = {},
  ): string[] {
    for (const o of outputs) this.claim(o);
    this.nodes.push({
      opType,
      name: `${opType}_${this.nodes.length}`,
      input: [...inputs],
      output: [...outputs],
      attribute: Object.entries(attributes).map(([k, v]) => attributeProto(k, v)),
    });
    return [...outputs];
  }

  /** Adds a single-output node with a generated output name and returns that name. */
  op(opType: string, inputs: readonly string[], attributes: Record<string, Attribute> = {}): string {
    return this.node(opType, inputs, [this.fresh(opType.toLowerCase())], attributes)[0];
  }

  /** Serialises the model to ONNX protobuf bytes, ready for `InferenceSession.create`. */
  build(options: ModelOptions = {}): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: options.irVersion ?? 10,
      opsetImport: [{ domain: '', version: options.opset ?? 21 }],
      producerName: options.producerName ?? 'pictura',
      graph: {
        name: this.name,
        input: this.inputs,
        output: this.outputs,
        initializer: this.initializers,
        node: this.nodes,
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }

  private fresh(prefix: string): string {
    let name: string;
    do name = `${prefix}_${this.counter++}`;
    while (this.names.has(name));
    return name;
  }

  private claim(name: string): string {
    if (this.names.has(name)) throw new Error(`ONNX value name used twice: ${name}`);
    this.names.add(name);
    return name;
  }
}
