// Style shaders of the abstract model: graph code that turns the CPPN's fields into colour. Each style builds
// its own variant of the shader model (abstract-shader.model.ts): flat styles skip the relief pass,
// watercolour adds blurs, and so on.
// pixel_art and low_poly get their blocks and facets from where pixels sample (abstract.pixels.ts), so their
// shaders use only per-pixel ops: any neighbourhood op would break the constant cells.
import type { Style } from '@pictura/common/generation-options';
import { attr } from '../onnx/graph-builder.ts';
import { PALETTE_STOPS } from './abstract-fields.model.ts';
import type { GraphOps } from './graph-ops.ts';

export interface PaletteLook {
  /** Multiplies the prompt's saturation. */
  saturation: number;
  /** Value of the darkest and lightest stop. */
  darkest: number;
  lightest: number;
}

/** Graph values a style shader works from; per-pixel values are [channels, N] with N = height·width. */
export interface StyleContext {
  o: GraphOps;
  /** Standardised CPPN fields [1, N]: t drives the palette, v shading, m the figure's outline. */
  t: string;
  v: string;
  m: string;
  /** t squashed into [0, 1] with the style's gain. */
  u: string;
  /** Palette position [1, N] in [0, 1]: the figure over the ground. */
  height: string;
  /** Figure mask [1, N] in [0, 1]. */
  subject: string;
  /** Image position [2, N] (shorter side spans [-1, 1]) and the style texture [1, N] from abstract.pixels.ts. */
  xy: string;
  texture: string;
  /** Palette [3, PALETTE_STOPS], dark to light. */
  stops: string;
  /** min(height, width) as a float scalar, and [height, width] as int64 [2]. */
  size: string;
  hw: string;
}

export interface StyleShader {
  /** Scale of the CPPN's coordinates: below 1 gives larger, calmer forms. */
  zoom: number;
  /** Contrast of the palette field: higher gives crisper colour boundaries. */
  gain: number;
  palette: PaletteLook;
  /** Returns RGB [3, N], roughly in [0, 1]. */
  shade(c: StyleContext): string;
}

const BALANCED: PaletteLook = { saturation: 1, darkest: 0.1, lightest: 0.97 };
const LIGHT_DIR = normalise([-0.5, -0.6, 0.62]);
const HALFWAY = normalise([LIGHT_DIR[0], LIGHT_DIR[1], LIGHT_DIR[2] + 1]);

export const STYLE_SHADERS: Record<Style, StyleShader> = {
  none: {
    zoom: 1,
    gain: 1.4,
    palette: BALANCED,
    shade: (c) => {
      const { o } = c;
      const base = o.mul(gradientMap(c, c.height), o.add(0.8, o.mul(o.tanh(c.v), 0.2)));
      return glossy(c, base, o.mul(c.subject, o.add(0.6, o.mul(c.u, 0.4))), 0.3, 0.35);
    },
  },

  photographic: {
    zoom: 0.7,
    gain: 1.0,
    palette: { saturation: 0.8, darkest: 0.06, lightest: 0.95 },
    shade: (c) => {
      const { o } = c;
      let rgb = glossy(c, gradientMap(c, c.height), o.add(c.height, o.mul(c.subject, 0.25)), 0.45, 0.25);
      // Depth: the ground recedes into a hazier, less saturated distance.
      const haze = o.mul(o.sub(1, c.subject), 0.3);
      rgb = o.mix(rgb, o.reduceMean(rgb, 0), haze);
      rgb = o.mix(rgb, o.mul(o.mul(rgb, rgb), o.sub(3, o.mul(rgb, 2))), 0.6); // filmic S-curve
      const vignette = o.sub(1, o.mul(o.smoothstep(0.3, 1.6, o.length(c.xy, 0)), 0.75));
      return o.add(o.mul(rgb, vignette), o.mul(c.texture, 0.02)); // film grain
    },
  },

  anime: {
    zoom: 0.85,
    gain: 1.3,
    palette: { saturation: 1.15, darkest: 0.32, lightest: 1 },
    shade: (c) => {
      const { o } = c;
      const sky = o.clip(o.add(0.6, o.mul(o.slice(c.xy, 1, 2), -0.22)), 0, 1); // clean bright backdrop
      const bands = quantise(o, c.height, 5);
      const albedo = gradientMap(c, o.mix(sky, bands, step(o, c.subject, 0.5, 30)));
      const n = normals(c, c.height, 0.35);
      const cel = o.add(0.74, o.mul(step(o, lambert(c, n, LIGHT_DIR), 0.35, 40), 0.26));
      const shine = step(o, lambert(c, n, HALFWAY), 0.97, 60);
      const rgb = o.add(o.mul(albedo, o.mix(1, cel, c.subject)), o.mul(o.mul(shine, c.subject), 0.7));
      const line = edges(c, step(o, c.subject, 0.5, 30), 3);
      return o.mix(rgb, o.mul(gradientMap(c, 0), 0.7), o.mul(line, 0.85));
    },
  },

  pixel_art: {
    zoom: 0.9,
    gain: 1.3,
    palette: { saturation: 1.1, darkest: 0.12, lightest: 0.97 },
    shade: (c) => {
      const { o } = c;
      // Ordered dithering: the texture is each block's Bayer threshold.
      const level = quantise(o, o.add(c.height, o.mul(o.sub(c.texture, 0.5), 0.1)), 6);
      return o.mul(gradientMap(c, level), o.add(0.88, o.mul(step(o, c.v, 0, 1000), 0.12)));
    },
  },

  flat_design: {
    zoom: 0.8,
    gain: 1.2,
    palette: { saturation: 0.9, darkest: 0.2, lightest: 0.96 },
    shade: (c) => gradientMap(c, quantise(c.o, c.height, 5)),
  },

  cartoon: {
    zoom: 0.85,
    gain: 1.3,
    palette: { saturation: 1.2, darkest: 0.28, lightest: 1 },
    shade: (c) => {
      const { o } = c;
      const bands = quantise(o, c.height, 5);
      const cel = o.add(
        0.78,
        o.mul(step(o, lambert(c, normals(c, c.height, 0.3), LIGHT_DIR), 0.3, 1000), 0.22),
      );
      const rgb = o.mul(gradientMap(c, bands), cel);
      const regions = o.add(bands, step(o, c.subject, 0.5, 1000)); // a line between every flat area
      return o.mix(rgb, 0.06, edges(c, regions, 5));
    },
  },

  cyberpunk: {
    zoom: 1,
    gain: 1.2,
    palette: { saturation: 1, darkest: 0.03, lightest: 0.6 },
    shade: (c) => {
      const { o } = c;
      // A night of deep blues and purples, keeping a little of the prompt's palette.
      const dusk = o.mix(
        o.g.float([0.01, 0.01, 0.04], [3, 1]),
        o.g.float([0.16, 0.05, 0.3], [3, 1]),
        c.height,
      );
      const night = o.mix(dusk, o.mul(gradientMap(c, o.mul(c.height, 0.45)), 0.5), 0.2);
      // Neon tubes along contour lines of t, a constant width in pixels, with a glow falling off around them.
      const band = o.mul(c.t, 1.4);
      const gradient = o.length(sobel(c, band), 0);
      const distance = o.div(o.abs(o.sub(o.fract(o.add(band, 0.5)), 0.5)), o.max(gradient, 1e-3)); // pixels
      const tube = o.exp(o.mul(o.mul(distance, distance), -0.5));
      const glow = o.exp(o.mul(distance, -0.12));
      const parity = o.mul(o.fract(o.mul(o.floor(o.add(band, 0.5)), 0.5)), 2);
      const neon = o.mix(o.g.float([1, 0.1, 0.78], [3, 1]), o.g.float([0.05, 0.9, 1], [3, 1]), parity);
      const strength = o.add(0.35, o.mul(c.subject, 0.65));
      const light = o.mul(o.add(tube, o.mul(glow, 0.5)), strength);
      const figureGlow = o.mul(
        o.mix(
          o.g.float([0.5, 0.05, 0.45], [3, 1]),
          o.g.float([0.03, 0.4, 0.5], [3, 1]),
          step(o, c.u, 0.5, 12),
        ),
        o.mul(c.subject, 0.35),
      );
      return o.add(
        o.add(o.add(night, figureGlow), o.mul(neon, light)),
        o.mul(o.mul(tube, tube), o.mul(strength, 0.6)),
      );
    },
  },

  low_poly: {
    zoom: 0.9,
    gain: 1.2,
    palette: { saturation: 0.95, darkest: 0.14, lightest: 0.97 },
    // Pixels already sample one point per triangle; the texture is a per-facet shade.
    shade: (c) => c.o.mul(gradientMap(c, c.height), c.o.add(1, c.o.mul(c.texture, 0.13))),
  },

  watercolor: {
    zoom: 0.85,
    gain: 1.1,
    palette: { saturation: 0.85, darkest: 0.3, lightest: 1 },
    shade: (c) => {
      const { o } = c;
      // Washes: the palette field in soft steps with ragged edges from the paper, bled by a blur.
      const h = o.add(o.mul(c.height, 0.95), o.mul(c.texture, 0.035));
      const scaled = o.mul(h, 5);
      const washes = o.mul(o.add(o.floor(scaled), o.smoothstep(0.3, 0.7, o.fract(scaled))), 1 / 5);
      const bled = blur(c, washes, 1, 9);
      const pooled = o.clip(o.mul(o.abs(o.sub(washes, bled)), 8), 0, 1); // pigment gathers at wash edges
      const pigment = gradientMap(c, bled);
      const density = o.mul(
        o.add(o.add(0.55, o.mul(c.subject, 0.3)), o.mul(pooled, 0.45)),
        o.add(1, o.mul(c.texture, 0.12)),
      );
      const paper = o.mul(o.g.float([0.98, 0.96, 0.91], [3, 1]), o.sub(1, o.mul(o.abs(c.texture), 0.05)));
      return o.mul(paper, o.mix(1, pigment, o.clip(density, 0, 1)));
    },
  },
};

/** Colours at palette positions u ∈ [0, 1] ([1, N]), interpolating linearly between stops. */
export function gradientMap(c: StyleContext, u: string | number): string {
  const { o } = c;
  const index = o.g.float(
    Array.from({ length: PALETTE_STOPS }, (_, k) => k),
    [PALETTE_STOPS, 1],
  );
  const weights = o.relu(o.sub(1, o.abs(o.sub(o.mul(u, PALETTE_STOPS - 1), index)))); // [STOPS, N]
  return o.matmul(c.stops, weights);
}

/** x rounded to `levels` evenly spaced values in [0, 1]. */
function quantise(o: GraphOps, x: string, levels: number): string {
  return o.mul(o.round(o.mul(o.clip(x, 0, 1), levels - 1)), 1 / (levels - 1));
}

/** A smooth 0→1 step of x at `edge`; `sharpness` ~1000 makes it hard. */
function step(o: GraphOps, x: string, edge: number, sharpness: number): string {
  return o.sigmoid(o.mul(o.sub(x, edge), sharpness));
}

const image = (c: StyleContext, x: string, channels: number) =>
  c.o.reshape(x, c.o.concat([c.o.g.int64([1, channels]), c.hw], 0));
const flatten = (c: StyleContext, x: string, channels: number) => c.o.reshape(x, [channels, -1]);

/** Per-pixel derivative [2, N] (d/dx, d/dy) of a field [1, N], Sobel with edge padding. */
function sobel(c: StyleContext, field: string): string {
  const { o } = c;
  const padded = o.op('Pad', [image(c, field, 1), o.g.int64([0, 0, 1, 1, 0, 0, 1, 1])], {
    mode: attr.string('edge'),
  });
  const kernel = o.g.float([-1, 0, 1, -2, 0, 2, -1, 0, 1, -1, -2, -1, 0, 0, 0, 1, 2, 1], [2, 1, 3, 3]);
  return o.mul(flatten(c, o.op('Conv', [padded, kernel]), 2), 1 / 8);
}

/** Surface normal of `height` seen as relief: xy [2, N] and z [1, N]. */
function normals(c: StyleContext, height: string, strength: number): { xy: string; z: string } {
  const { o } = c;
  const slope = o.mul(sobel(c, height), o.mul(c.size, strength / 2)); // per unit of image coordinates
  const z = o.div(1, o.sqrt(o.add(o.sumSquares(slope, 0), 1)));
  return { xy: o.mul(o.sub(0, slope), z), z };
}

function lambert(c: StyleContext, n: { xy: string; z: string }, dir: number[]): string {
  const { o } = c;
  return o.relu(o.add(o.matmul(o.g.float([dir[0], dir[1]], [1, 2]), n.xy), o.mul(n.z, dir[2])));
}

/** Lights `rgb` as a glossy embossed surface of `height`: diffuse plus a specular highlight. */
function glossy(c: StyleContext, rgb: string, height: string, strength: number, shine: number): string {
  const { o } = c;
  const n = normals(c, blur(c, height, 1, 7), strength);
  const specular = o.pow(lambert(c, n, HALFWAY), 40);
  return o.add(o.mul(rgb, o.add(0.45, o.mul(lambert(c, n, LIGHT_DIR), 0.75))), o.mul(specular, shine));
}

/** Box blur (two separable passes) of a [channels, N] value over a k×k window. */
function blur(c: StyleContext, x: string, channels: number, k: number): string {
  const { o } = c;
  const r = (k - 1) / 2;
  const rows = o.op('AveragePool', [image(c, x, channels)], {
    kernel_shape: attr.ints([1, k]),
    pads: attr.ints([0, r, 0, r]),
  });
  const both = o.op('AveragePool', [rows], {
    kernel_shape: attr.ints([k, 1]),
    pads: attr.ints([r, 0, r, 0]),
  });
  return flatten(c, both, channels);
}

/** 1 where a region map [1, N] changes within a k×k window, else 0: outlines about k−1 pixels wide. */
function edges(c: StyleContext, regions: string, k: number): string {
  const { o } = c;
  const r = (k - 1) / 2;
  const pool = (x: string) =>
    o.op('MaxPool', [image(c, x, 1)], { kernel_shape: attr.ints([k, k]), pads: attr.ints([r, r, r, r]) });
  const spread = o.add(pool(regions), pool(o.sub(0, regions)));
  return o.clip(o.mul(flatten(c, spread, 1), 4), 0, 1);
}

function normalise(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}
