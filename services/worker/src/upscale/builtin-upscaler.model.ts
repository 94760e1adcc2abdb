// The built-in ×4 upscaler, built as an ONNX graph in code so the worker upscales with no weights download.
//
// 1. A sharpened lanczos3 resample: lanczos3 then an unsharp mask, folded into one separable polyphase
//    filter (two small depthwise Convs).
// 2. Edge snapping: where the 2×2 input windows around a pixel disagree in contrast (one spans an edge, the
//    next is flat), the pixel is pushed away from the local middle, so the edge gets a short, clean ramp.
//    In texture the windows agree and the pixel is left as the resample drew it.
// 3. A clamp to the range of the input pixels around each output pixel: a sharp linear filter always
//    overshoots beside edges (lanczos3 alone rings visibly at ×4); the clamp removes those halos.
//
// All of it runs in "cell" layout [1, 48, H, W] (channel c·16 + row phase·4 + column phase), where every
// output pixel is a channel of its input pixel: the arithmetic is per pixel, so a single DepthToSpace at the
// end lays the cells out as 4×4 blocks.
import { attr, GraphBuilder } from '../onnx/graph-builder.ts';

export const BUILTIN_SCALE = 4;

export interface BuiltinUpscalerTuning {
  /** Unsharp-mask strength applied at output resolution (0 = plain lanczos3). */
  sharpenAmount: number;
  /** Gaussian sigma of the unsharp mask, in output pixels. */
  sharpenSigma: number;
  /** Whether edges next to flat areas are snapped (see above). */
  snapEdges: boolean;
}

/**
 * Chosen by eye and by error against the original on test images: a stronger unsharp mask scores a little
 * higher but leaves faint specks beside edges (its ringing, inside the clamp's range) and shows the input's
 * pixel grid as steps along slanted edges.
 */
export const DEFAULT_BUILTIN_TUNING: BuiltinUpscalerTuning = {
  sharpenAmount: 0.5,
  sharpenSigma: 1,
  snapEdges: true,
};

/** Window half-ranges below this (about 2.5 grey levels) count as flat. */
const FLAT_HALF_RANGE = 0.01;
const CHANNELS = 3;
const PHASES = BUILTIN_SCALE;
const CELL_CHANNELS = CHANNELS * PHASES * PHASES;

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/** Position of output pixel `phase` of a cell, in input pixels from the cell's centre (centres aligned). */
const phaseOffset = (phase: number) => (phase + 0.5) / PHASES - 0.5;

/**
 * One-dimensional polyphase kernels [phase][offset + radius]: lanczos3 followed by an unsharp mask
 * (1 + a)·δ − a·gaussian at output resolution. Both are linear, so they fold into one kernel per phase.
 */
export function sharpenedLanczosKernels({ sharpenAmount, sharpenSigma }: BuiltinUpscalerTuning): {
  radius: number;
  kernels: Float64Array[];
} {
  const blurRadius = sharpenAmount !== 0 ? Math.ceil(3 * sharpenSigma) : 0;
  // lanczos3 reaches 3 input pixels; the blur reaches further by whole cells of 4 output pixels.
  const radius = 3 + Math.ceil(blurRadius / PHASES);
  const blur = Array.from({ length: 2 * blurRadius + 1 }, (_, i) =>
    Math.exp(-((i - blurRadius) ** 2) / (2 * sharpenSigma ** 2)),
  );
  const blurSum = blur.reduce((a, b) => a + b, 0);

  const kernels: Float64Array[] = [];
  for (let phase = 0; phase < PHASES; phase++) {
    const kernel = new Float64Array(2 * radius + 1);
    for (let t = -blurRadius; t <= blurRadius; t++) {
      const tap = (t === 0 ? 1 + sharpenAmount : 0) - (sharpenAmount * blur[t + blurRadius]) / blurSum;
      // The neighbour t output pixels away may sit in another cell: find its cell and its phase there.
      const cell = Math.floor((phase + t) / PHASES);
      const at = phaseOffset(phase + t - cell * PHASES);
      const weights = [-3, -2, -1, 0, 1, 2, 3].map((k) => lanczos3(at - k));
      const sum = weights.reduce((a, b) => a + b, 0);
      weights.forEach((w, k) => {
        kernel[radius + cell + k - 3] += (tap * w) / sum;
      });
    }
    kernels.push(kernel);
  }
  return { radius, kernels };
}

/** Depthwise polyphase Conv weights: each input channel yields one output channel per phase. */
function polyphaseWeights(channels: number, kernels: readonly ArrayLike<number>[]): Float32Array {
  const size = kernels[0].length;
  const out = new Float32Array(channels * kernels.length * size);
  for (let c = 0; c < channels; c++) {
    for (let p = 0; p < kernels.length; p++) out.set(kernels[p], (c * kernels.length + p) * size);
  }
  return out;
}

/** Depthwise Conv weights that give every cell channel the outer product of its row and column kernels. */
function cellWeights(kernel: (phase: number) => number[]): Float32Array {
  const size = kernel(0).length;
  const out = new Float32Array(CELL_CHANNELS * size * size);
  for (let c = 0; c < CHANNELS; c++) {
    for (let py = 0; py < PHASES; py++) {
      for (let px = 0; px < PHASES; px++) {
        const at = ((c * PHASES + py) * PHASES + px) * size * size;
        const rows = kernel(py);
        const columns = kernel(px);
        for (let y = 0; y < size; y++)
          for (let x = 0; x < size; x++) out[at + y * size + x] = rows[y] * columns[x];
      }
    }
  }
  return out;
}

/**
 * The model: `input` [1, 3, H, W] float32 RGB in [0, 1] → `output` [1, 3, 4H, 4W]. Its receptive field is
 * `radius` input pixels (4 with the default tuning), within the tiler's 10 pixels of context.
 */
export function buildBuiltinUpscalerModel(
  tuning: BuiltinUpscalerTuning = DEFAULT_BUILTIN_TUNING,
): Uint8Array {
  const g = new GraphBuilder('pictura-builtin-upscaler-x4');
  const input = g.input('input', 'float32', [1, CHANNELS, 'height', 'width']);
  const edgePad = (pixels: number) =>
    // Replicate the border so the image edge is not darkened by zero padding.
    g.op('Pad', [input, g.int64([0, 0, pixels, pixels, 0, 0, pixels, pixels])], {
      mode: attr.string('edge'),
    });
  const padded = edgePad(1);

  let picture = sharpenedResample(g, edgePad, tuning);
  const windows = windowStatistics(g, padded);
  const windowsToCells = cellInterpolator(g);
  const [lowest, highest] = [windows.lows, windows.highs].map(windowsToCells);
  if (tuning.snapEdges) {
    // gain = interpolated range × interpolated 1/range: 1 where neighbouring windows agree, large where a
    // flat window meets an edge window. The smooth (bilinear) picture decides which side a pixel is on,
    // because the sharpened one rings and would snap a ripple into a speck.
    const [middle, inverseRange] = [windows.middles, windows.inverseRanges].map(windowsToCells);
    const gainAboveOne = g.op('Sub', [
      g.op('Mul', [g.op('Sub', [highest, lowest]), inverseRange]),
      g.float(1),
    ]);
    const smooth = g.op(
      'Conv',
      [padded, g.initializer(cellWeights(bilinearTaps), [CELL_CHANNELS, 1, 3, 3])],
      {
        group: attr.int(CHANNELS),
        kernel_shape: attr.ints([3, 3]),
      },
    );
    picture = g.op('Add', [picture, g.op('Mul', [g.op('Sub', [smooth, middle]), gainAboveOne])]);
  }
  const clamped = g.op('Min', [g.op('Max', [picture, lowest]), highest]);
  g.node('DepthToSpace', [clamped], ['output'], { blocksize: attr.int(PHASES), mode: attr.string('CRD') });
  g.output('output', 'float32', [1, CHANNELS, 'height_x4', 'width_x4']);
  return g.build();
}

/** The sharpened lanczos3 resample in cell layout: a vertical then a horizontal depthwise Conv. */
function sharpenedResample(
  g: GraphBuilder,
  edgePad: (pixels: number) => string,
  tuning: BuiltinUpscalerTuning,
): string {
  const { radius, kernels } = sharpenedLanczosKernels(tuning);
  const size = 2 * radius + 1;
  // Vertical pass: channel c·4 + row phase; horizontal pass: (c·4 + row phase)·4 + column phase.
  const rows = g.op(
    'Conv',
    [edgePad(radius), g.initializer(polyphaseWeights(CHANNELS, kernels), [CHANNELS * PHASES, 1, size, 1])],
    {
      group: attr.int(CHANNELS),
      kernel_shape: attr.ints([size, 1]),
    },
  );
  const weights = g.initializer(polyphaseWeights(CHANNELS * PHASES, kernels), [CELL_CHANNELS, 1, 1, size]);
  return g.op('Conv', [rows, weights], {
    group: attr.int(CHANNELS * PHASES),
    kernel_shape: attr.ints([1, size]),
  });
}

/** Bilinear weights of pixels −1, 0, +1 for an output pixel of the given phase. */
function bilinearTaps(phase: number): number[] {
  const at = phaseOffset(phase);
  return at < 0 ? [-at, 1 + at, 0] : [0, 1 - at, at];
}

/**
 * Statistics of every 2×2 window of input pixels (stride 1 on the 1-pixel padded input, so window m covers
 * pixels m−1 and m and is centred at m − 0.5): its lowest and highest value, middle, and 1 / range.
 */
function windowStatistics(g: GraphBuilder, padded: string) {
  const window = { kernel_shape: attr.ints([2, 2]), strides: attr.ints([1, 1]) };
  const highs = g.op('MaxPool', [padded], window);
  const lows = g.op('Neg', [g.op('MaxPool', [g.op('Neg', [padded])], window)]);
  const middles = g.op('Mul', [g.op('Add', [highs, lows]), g.float(0.5)]);
  // A floor keeps flat windows finite; it also caps the gain at about half the range / FLAT_HALF_RANGE.
  const inverseRanges = g.op('Reciprocal', [
    g.op('Max', [g.op('Sub', [highs, lows]), g.float(2 * FLAT_HALF_RANGE)]),
  ]);
  return { highs, lows, middles, inverseRanges };
}

/**
 * Interpolates window fields bilinearly to every output pixel, in cell layout. Bilinear, not nearest: a
 * bound that jumped from one 4×4 block to the next would show as a staircase along slanted edges.
 */
function cellInterpolator(g: GraphBuilder): (field: string) => string {
  // Output pixel `phase` lies between window i (its cell's) and window i + 1, (phase + 0.5)/4 of the way.
  const taps = (phase: number) => [1 - (phase + 0.5) / PHASES, (phase + 0.5) / PHASES];
  const weights = g.initializer(cellWeights(taps), [CELL_CHANNELS, 1, 2, 2]);
  return (field) =>
    g.op('Conv', [field, weights], { group: attr.int(CHANNELS), kernel_shape: attr.ints([2, 2]) });
}
