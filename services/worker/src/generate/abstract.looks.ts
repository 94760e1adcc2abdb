// Colour grades and lighting rigs of the abstract model, as the numbers it takes in its `color` and
// `lighting` inputs. Both act on the finished image, so black_and_white stays grey under coloured light.
import type { Color, Lighting } from '@pictura/common/generation-options';

type Rgb = readonly [number, number, number];
/** Affine colour map: rows [r, g, b, offset] per output channel. */
type Affine = number[][];

/**
 * A colour grade: an affine map, then a blend towards a three-colour ramp indexed by luminance
 * (shadows → midtones → highlights), which is what pulls any image into a warm or a neon palette.
 */
export interface ColorGrade {
  affine: Affine;
  ramp: readonly [shadows: Rgb, midtones: Rgb, highlights: Rgb];
  rampMix: number;
}

const LUMA: Rgb = [0.299, 0.587, 0.114];
const GREY_RAMP: ColorGrade['ramp'] = [
  [0, 0, 0],
  [0.5, 0.5, 0.5],
  [1, 1, 1],
];

const identity = (gains: Rgb = [1, 1, 1], offset: Rgb = [0, 0, 0]): Affine =>
  [0, 1, 2].map((row) => [0, 1, 2].map((col) => (row === col ? gains[row] : 0)).concat(offset[row]));

/** Luminance mapped onto a two-colour ramp from `dark` to `light`. */
const duotone = (dark: Rgb, light: Rgb): Affine =>
  [0, 1, 2].map((row) => LUMA.map((w) => w * (light[row] - dark[row])).concat(dark[row]));

/** Linear map that sends reds towards magenta and greens towards cyan: the hue half of the neon grade. */
const NEON_HUES: Affine = [
  [1.15, 0, 0.35, -0.06],
  [0, 1.1, 0.05, -0.06],
  [0.75, 0.7, 0.7, -0.04],
];

export const COLOR_GRADES: Record<Color, ColorGrade> = {
  none: { affine: identity(), ramp: GREY_RAMP, rampMix: 0 },
  warm: {
    affine: identity([1.12, 1, 0.78], [0.04, 0.01, -0.02]),
    ramp: [
      [0.2, 0.06, 0.03],
      [0.86, 0.46, 0.16],
      [1, 0.93, 0.72],
    ],
    rampMix: 0.55,
  },
  cold: {
    affine: identity([0.82, 1, 1.12], [-0.02, 0.01, 0.04]),
    ramp: [
      [0.02, 0.05, 0.16],
      [0.2, 0.5, 0.76],
      [0.82, 0.94, 1],
    ],
    rampMix: 0.55,
  },
  black_and_white: {
    affine: duotone([-0.04, -0.04, -0.04], [1.06, 1.06, 1.06]),
    ramp: GREY_RAMP,
    rampMix: 0,
  },
  cyberpunk_neon: {
    affine: NEON_HUES,
    ramp: [
      [0.07, 0.0, 0.16],
      [0.95, 0.08, 0.75],
      [0.25, 0.95, 1],
    ],
    rampMix: 0.7,
  },
};

/** The model's `color` input [3, 8]: per channel the affine row, the three ramp colours and the ramp mix. */
export const COLOR_PARAMS = 8;

export function colorVector(grade: ColorGrade): Float32Array {
  return Float32Array.from(
    [0, 1, 2].flatMap((row) => [...grade.affine[row], ...grade.ramp.map((rgb) => rgb[row]), grade.rampMix]),
  );
}

/** The model's `lighting` input: a luminance field ambient + gradient + soft disc, tinted, plus additive glow. */
export interface LightingRig {
  ambient: number;
  /** Brightness change per unit of x (right) and y (down); the shorter image side spans [-1, 1]. */
  gradient: readonly [number, number];
  /** Extra brightness inside the disc. */
  disc: number;
  centre: readonly [number, number];
  radius: number;
  /** Edge sharpness of the disc: ~3 is a broad glow, ~10 a spotlight's edge. */
  sharpness: number;
  /** Light added (not multiplied) inside the disc, for haze and glow. */
  glow: number;
  tint: Rgb;
}

export const LIGHTING_RIGS: Record<Lighting, LightingRig> = {
  none: {
    ambient: 1,
    gradient: [0, 0],
    disc: 0,
    centre: [0, 0],
    radius: 1,
    sharpness: 1,
    glow: 0,
    tint: [1, 1, 1],
  },
  sunlight: {
    ambient: 0.9,
    gradient: [0.15, -0.22],
    disc: 0.45,
    centre: [0.95, -0.95],
    radius: 0.8,
    sharpness: 3,
    glow: 0.28,
    tint: [1.1, 1.0, 0.8],
  },
  studio: {
    ambient: 0.55,
    gradient: [-0.08, -0.1],
    disc: 0.6,
    centre: [-0.55, -0.55],
    radius: 1.0,
    sharpness: 3,
    glow: 0.06,
    tint: [1, 1, 1],
  },
  ambient_glow: {
    ambient: 0.6,
    gradient: [0, 0],
    disc: 0.4,
    centre: [0, 0.1],
    radius: 0.7,
    sharpness: 3,
    glow: 0.38,
    tint: [1.02, 0.96, 1.05],
  },
  spotlight: {
    ambient: 0.18,
    gradient: [0, 0],
    disc: 1.0,
    centre: [0, -0.05],
    radius: 0.55,
    sharpness: 10,
    glow: 0.06,
    tint: [1.03, 1, 0.94],
  },
  side_light: {
    ambient: 0.55,
    gradient: [-0.55, 0],
    disc: 0.25,
    centre: [-1.3, -0.2],
    radius: 0.9,
    sharpness: 3,
    glow: 0.04,
    tint: [1.02, 1, 0.96],
  },
  underlighting: {
    ambient: 0.45,
    gradient: [0, 0.45],
    disc: 0.45,
    centre: [0, 1.25],
    radius: 0.8,
    sharpness: 3,
    glow: 0.18,
    tint: [1.06, 0.86, 0.74],
  },
};

export const LIGHTING_PARAMS = 12;

export function lightingVector(rig: LightingRig): Float32Array {
  return Float32Array.from([
    rig.ambient,
    ...rig.gradient,
    rig.disc,
    ...rig.centre,
    rig.radius,
    rig.sharpness,
    rig.glow,
    ...rig.tint,
  ]);
}
