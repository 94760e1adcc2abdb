// Stage 1 of "pictura-abstract": prompt embedding + seeded latent → a mapping network → a hypernetwork that
// writes the weights of a CPPN (compositional pattern-producing network), evaluated at the given positions.
// Purely per pixel, so the pipeline runs it in tiles and memory stays small at any image size.
import { attr, GraphBuilder } from '../onnx/graph-builder.ts';
import { GraphOps } from './graph-ops.ts';
import { buildPromptLexicon } from './prompt.lexicon.ts';
import { seededNormals } from './seeded-random.ts';

export const VOCAB_SIZE = 8192;
export const EMBED_DIM = 32;
export const LATENT_DIM = 32;
export const PALETTE_STOPS = 5;
/** Seed-chosen composition: subject centre (x, y), subject radius, backdrop gradient (x, y), backdrop key. */
export const LAYOUT_PARAMS = 6;
const COND_DIM = EMBED_DIM + LATENT_DIM;
const HIDDEN = 24;
const LAYERS = 4;
const FOURIER = 6;
/** How far the prompt direction moves away from the negative prompt's. */
const NEGATIVE_PUSH = 0.8;
/** Fixed seed of every weight in the model: changing it changes every image ever generated. */
const MODEL_SEED = 20240611;

export const FIELDS_MODEL_IO = {
  promptIds: 'prompt_ids', // int64 [tokens]
  negativeIds: 'negative_ids', // int64 [tokens]
  latent: 'latent', // float32 [1, LATENT_DIM]
  positions: 'positions', // float32 [2, n]: x and y where the CPPN is sampled
  paletteLook: 'palette_look', // float32 [3]: saturation gain, darkest value, lightest value
  fields: 'fields', // float32 [3, n]: raw CPPN outputs (palette position, shading, figure outline)
  stops: 'stops', // float32 [3, PALETTE_STOPS]: palette colours, dark to light
  layout: 'layout', // float32 [LAYOUT_PARAMS, 1]
} as const;

export function buildFieldsModel(): Uint8Array {
  const g = new GraphBuilder('pictura_abstract_fields');
  const o = new GraphOps(g);
  let seed = MODEL_SEED;
  const weights = (dims: number[], scale: number) =>
    g.initializer(seededNormals(seed++, dims[0] * dims[1], scale), dims);

  const io = FIELDS_MODEL_IO;
  const promptIds = g.input(io.promptIds, 'int64', ['prompt_tokens']);
  const negativeIds = g.input(io.negativeIds, 'int64', ['negative_tokens']);
  const latent = g.input(io.latent, 'float32', [1, LATENT_DIM]);
  const positions = g.input(io.positions, 'float32', [2, 'n']);
  const paletteLook = g.input(io.paletteLook, 'float32', [3]);

  // Prompt embedding: mean of hashed-table rows, unit length; the negative prompt's direction is pushed away.
  const table = seededNormals(seed++, VOCAB_SIZE * EMBED_DIM);
  table.fill(0, 0, EMBED_DIM); // row 0 pads an empty prompt
  const embeddings = g.initializer(table, [VOCAB_SIZE, EMBED_DIM], 'token_embeddings');
  const unit = (v: string) => o.div(v, o.sqrt(o.add(o.sumSquares(v, 1), 1e-6)));
  const embed = (ids: string) => unit(o.reduceMean(o.op('Gather', [embeddings, ids]), 0));
  const away = o.sub(embed(promptIds), o.mul(embed(negativeIds), NEGATIVE_PUSH));
  const promptVec = o.mul(unit(away), Math.sqrt(EMBED_DIM));

  // Mapping network (as in StyleGAN) mixes prompt and seed non-linearly, so neither owns half the weights.
  let cond = o.concat([promptVec, latent], 1); // [1, COND_DIM]
  for (let i = 0; i < 2; i++) {
    const mixed = o.matmul(cond, weights([COND_DIM, COND_DIM], 1.6 / Math.sqrt(COND_DIM)));
    cond = o.mul(o.tanh(mixed), 1.6);
  }

  /** Hypernetwork: a [rows, cols] weight tensor, linear in a conditioning vector. */
  const hyper = (rows: number, cols: number, scale: number, source = cond, sourceDim = COND_DIM) => {
    const flat = o.matmul(source, weights([sourceDim, rows * cols], scale / Math.sqrt(sourceDim)));
    return o.reshape(flat, [rows, cols]);
  };

  // CPPN over (x, y, r, Fourier features), all weights from the hypernetwork.
  const fourier = o.sin(o.gemm(hyper(FOURIER, 2, 2), positions, hyper(FOURIER, 1, Math.PI)));
  let h = o.concat([positions, o.length(positions, 0), fourier], 0);
  let fanIn = 3 + FOURIER;
  for (let layer = 0; layer < LAYERS; layer++) {
    h = o.tanh(o.gemm(hyper(HIDDEN, fanIn, 1.6 / Math.sqrt(fanIn)), h, hyper(HIDDEN, 1, 0.5)));
    fanIn = HIDDEN;
  }
  g.node('Gemm', [hyper(3, HIDDEN, 1.5 / Math.sqrt(HIDDEN)), h, hyper(3, 1, 0.3)], [io.fields]);
  g.output(io.fields, 'float32', [3, 'n']);

  // The seed alone places the figure and lights the backdrop.
  const seedParams = hyper(LAYOUT_PARAMS, 1, 1, latent, LATENT_DIM);
  g.node('Mul', [seedParams, g.float([0.3, 0.3, 1.5, 0.35, 0.35, 1], [LAYOUT_PARAMS, 1])], [io.layout]);
  g.output(io.layout, 'float32', [LAYOUT_PARAMS, 1]);

  const palette = (cols: number, scale: number) => hyper(1, cols, scale, promptVec, EMBED_DIM);
  g.node('Identity', [buildPalette(o, palette, paletteLook, promptIds, negativeIds)], [io.stops]);
  g.output(io.stops, 'float32', [3, PALETTE_STOPS]);
  return g.build();
}

/**
 * Palette stops [3, STOPS] from dark to light: an HSV hue harmony chosen by the prompt, with shadows drifting
 * cool and lights warm as painters do; colour words in the prompt take over the stops in the order written,
 * colour words in the negative prompt are pushed out.
 */
function buildPalette(
  o: GraphOps,
  fromPrompt: (cols: number, scale: number) => string,
  look: string,
  promptIds: string,
  negativeIds: string,
): string {
  const g = o.g;
  const [saturation, darkest, lightest] = [0, 1, 2].map((i) => o.slice(look, i, i + 1));
  const index = g.float(
    Array.from({ length: PALETTE_STOPS }, (_, k) => k),
    [1, PALETTE_STOPS],
  );
  const ramp = o.mul(index, 1 / (PALETTE_STOPS - 1));
  const spread = o.mul(
    o.add(0.04, o.mul(o.sigmoid(o.mul(fromPrompt(1, 1), 2)), 0.2)),
    o.sign(fromPrompt(1, 1)),
  );
  const drift = o.mul(o.sub(ramp, 0.5), -0.12); // towards blue in the darks, towards yellow in the lights
  const harmony = o.mul(o.sub(index, (PALETTE_STOPS - 1) / 2), spread);
  const hue = o.add(o.add(o.add(fromPrompt(1, 1), harmony), fromPrompt(PALETTE_STOPS, 0.03)), drift);
  const baseSat = o.add(
    o.add(0.55, o.mul(o.sigmoid(fromPrompt(1, 1.5)), 0.4)),
    fromPrompt(PALETTE_STOPS, 0.1),
  );
  const sat = o.clip(o.mul(baseSat, saturation), 0.05, 1);
  const target = o.add(darkest, o.mul(ramp, o.sub(lightest, darkest)));
  const val = o.max(o.min(o.add(target, fromPrompt(PALETTE_STOPS, 0.04)), lightest), darkest); // stays in the look
  let stops = hsvToRgb(o, hue, sat, val);

  // Colour words: row k of the word-tint table is [r, g, b, 1] for a lexicon word, zeros otherwise.
  const lexicon = buildPromptLexicon();
  const tintTable = new Float32Array(VOCAB_SIZE * 4);
  for (const [row, rgb] of lexicon.tints.entries()) if (row > 0) tintTable.set([...rgb, 1], row * 4);
  const tints = g.initializer(tintTable, [VOCAB_SIZE, 4], 'word_tints');
  // Colour words take the stops in the order written (the first the darkest); a stop darker than its word
  // shades it, a lighter one lifts it towards white.
  const rows = o.op('Gather', [tints, promptIds]); // [T, 4]
  const isColour = o.reshape(o.slice(rows, 3, 4, 1), [-1, 1, 1]); // [T, 1, 1]
  const count = o.reduceSum(o.reshape(isColour, [-1]), 0); // [1]
  const word = o.reshape(o.slice(rows, 0, 3, 1), [-1, 3, 1]); // [T, 3, 1]
  const luma = o.max(o.reduceSum(o.mul(word, g.float([0.299, 0.587, 0.114], [3, 1])), 1), 0.08); // [T, 1, 1]
  const stopValue = o.reshape(val, [1, 1, PALETTE_STOPS]);
  const darker = o.mul(word, o.min(o.div(stopValue, luma), 1));
  const lift = o.relu(o.div(o.sub(stopValue, luma), o.sub(1.001, luma)));
  const lighter = o.mul(o.sub(1, word), o.mul(lift, 0.6));
  const order = o.div(o.sub(o.op('CumSum', [isColour, g.int64([0])]), 0.5), o.max(count, 1));
  const rank = o.add(order, 0.01); // [T, 1, 1] in (0, 1); the nudge breaks ties between two words
  const closeness = o.mul(o.pow(o.sub(o.reshape(ramp, [1, 1, PALETTE_STOPS]), rank), 2), -200);
  const onlyColours = o.sub(closeness, o.mul(o.sub(1, isColour), 1e4));
  const share = o.op('Softmax', [onlyColours], { axis: attr.int(0) }); // [T, 1, STOPS]
  const shaded = o.reduceSum(o.mul(o.add(darker, lighter), share), 0);
  stops = o.mix(stops, o.reshape(shaded, [3, PALETTE_STOPS]), o.mul(o.min(count, 1), 0.85));

  const negRows = o.op('Gather', [tints, negativeIds]);
  const negCount = o.reduceSum(o.slice(negRows, 3, 4, 1), 0);
  const negRgb = o.reshape(o.div(o.reduceSum(o.slice(negRows, 0, 3, 1), 0), o.max(negCount, 1)), [3, 1]);
  const negChroma = o.sub(negRgb, o.reduceMean(negRgb, 0));
  return o.clip(o.sub(stops, o.mul(negChroma, o.mul(o.min(negCount, 1), 0.6))), 0, 1);
}

/** HSV (each [1, K]) → RGB [3, K], the branch-free formula shaders use. */
function hsvToRgb(o: GraphOps, h: string, s: string, v: string): string {
  const k = o.g.float([1, 2 / 3, 1 / 3], [3, 1]);
  const p = o.abs(o.sub(o.mul(o.fract(o.add(h, k)), 6), 3));
  return o.mul(v, o.mix(1, o.clip(o.sub(p, 1), 0, 1), s));
}
