// Converts a TF.js layers-model (Keras Functional topology + weights) to an ONNX model whose input and
// output are NCHW float32: `input` [batch, C, H, W] (H and W free when the model leaves them free) and
// `output` (probabilities [batch, classes] or an image [batch, C, H', W']), the signature the worker's
// safety classifier and ESRGAN loaders expect.
import { GraphBuilder } from '../onnx/graph-builder.ts';
import { type KerasLayer, type LayersModel, modelConfig } from './tfjs-layers.format.ts';
import { type LayerInput, layerConverter, SUPPORTED_LAYERS, type Value } from './tfjs-layers.ops.ts';
import { type LayersPackaging, readLayersModel } from './tfjs-layers.reader.ts';

export const INPUT_NAME = 'input';
export const OUTPUT_NAME = 'output';

/** Converts the layers-model at <packageDir>/<modelPath> (an extracted npm package folder) to ONNX bytes. */
export async function convertNpmLayersModel(
  packageDir: string,
  format: LayersPackaging,
  modelPath: string,
): Promise<Uint8Array> {
  return convertLayersModel(await readLayersModel(packageDir, format, modelPath));
}

export function convertLayersModel(model: LayersModel): Uint8Array {
  const { config } = modelConfig(model.topology);
  const layers = new Map(config.layers.map((layer) => [layer.name, layer]));
  if (config.input_layers.length !== 1 || config.output_layers.length !== 1) {
    throw new Error('layers-model: only models with one input and one output are supported');
  }
  const [inputLayerName] = config.input_layers[0]!;
  const [outputLayerName] = config.output_layers[0]!;
  const g = new GraphBuilder(config.name ?? 'layers-model');
  const values = new Map<string, Value>();
  values.set(inputLayerName, declareInput(g, layers.get(inputLayerName)));

  const used = new Set<string>();
  const weightOf = (layer: KerasLayer) => (name: string) => {
    const key = `${layer.name}/${name}`;
    const tensor = model.weights.get(key);
    if (!tensor) throw new Error(`layers-model: layer ${layer.name} has no weight ${key}`);
    used.add(key);
    return tensor;
  };

  // Depth-first from the output; recursion depth is the longest path (a few hundred layers for thick).
  const visiting = new Set<string>();
  const visit = (name: string): Value => {
    const done = values.get(name);
    if (done) return done;
    const layer = layers.get(name);
    if (!layer) throw new Error(`layers-model: no layer named ${name}`);
    if (visiting.has(name)) throw new Error(`layers-model: a cycle through ${name}`);
    visiting.add(name);
    const inputs = inboundLayers(layer).map(visit);
    visiting.delete(name);
    const convert = layerConverter(layer.class_name);
    if (!convert) {
      throw new Error(
        `layers-model: layer ${name} is a ${layer.class_name}; supported: ${SUPPORTED_LAYERS.join(', ')}`,
      );
    }
    const input: LayerInput = { g, layer, inputs, weight: weightOf(layer) };
    let value: Value;
    try {
      value = convert(input);
    } catch (error) {
      throw new Error(`layers-model: layer ${name} (${layer.class_name}): ${(error as Error).message}`);
    }
    values.set(name, value);
    return value;
  };
  const output = visit(outputLayerName);

  // Weights that no layer claimed mean the topology and the weights disagree: refuse rather than guess.
  const unused = [...model.weights.keys()].filter((key) => !used.has(key));
  if (unused.length > 0)
    throw new Error(`layers-model: weights no layer uses: ${unused.slice(0, 5).join(', ')}`);

  g.node('Identity', [output.name], [OUTPUT_NAME]);
  g.output(OUTPUT_NAME, 'float32');
  return g.build({ producerName: 'pictura tfjs-layers converter' });
}

function declareInput(g: GraphBuilder, layer: KerasLayer | undefined): Value {
  if (layer?.class_name !== 'InputLayer')
    throw new Error('layers-model: the model input is not an InputLayer');
  const shape = (layer.config.batch_input_shape ?? layer.config.batch_shape) as (number | null)[] | undefined;
  if (!Array.isArray(shape)) throw new Error(`layers-model: input ${layer.name} has no batch_input_shape`);
  const dtype = layer.config.dtype ?? 'float32';
  if (dtype !== 'float32')
    throw new Error(`layers-model: input ${layer.name} is ${String(dtype)}, not float32`);
  if (shape.length === 4) {
    const [, h, w, c] = shape;
    if (typeof c !== 'number')
      throw new Error(`layers-model: input ${layer.name} has no fixed channel count`);
    g.input(INPUT_NAME, 'float32', ['batch', c, h ?? 'height', w ?? 'width']);
    return { name: INPUT_NAME, rank: 4 };
  }
  if (shape.length === 2 && typeof shape[1] === 'number') {
    g.input(INPUT_NAME, 'float32', ['batch', shape[1]]);
    return { name: INPUT_NAME, rank: 2 };
  }
  throw new Error(`layers-model: input shape [${shape}] is not supported (an image or a feature vector)`);
}

/** The layers this layer reads from; each layer must be called once, on the first output of its inputs. */
function inboundLayers(layer: KerasLayer): string[] {
  if (layer.inbound_nodes.length !== 1) {
    throw new Error(`layers-model: layer ${layer.name} is called ${layer.inbound_nodes.length} times`);
  }
  return layer.inbound_nodes[0]!.map((ref) => {
    if (!Array.isArray(ref) || typeof ref[0] !== 'string' || ref[1] !== 0 || ref[2] !== 0) {
      throw new Error(`layers-model: layer ${layer.name} has an inbound reference we cannot follow`);
    }
    return ref[0];
  });
}
