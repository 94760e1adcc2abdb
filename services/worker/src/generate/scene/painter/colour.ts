// Colours as the painter mixes them (hex strings in, hex strings out) and numbers short enough for SVG text.

export type Rgb = [number, number, number];

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
export const toRgb = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];
export const toHex = (c: Rgb) => `#${c.map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`;
export const mix = (a: string, b: string, t: number): string => {
  const [x, y] = [toRgb(a), toRgb(b)];
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
};
export const multiply = (hex: string, tint: Rgb): string => {
  const c = toRgb(hex);
  return toHex([c[0] * tint[0], c[1] * tint[1], c[2] * tint[2]]);
};

/** A number short enough for SVG text. */
export const f = (v: number) => String(Math.round(v * 10) / 10);
