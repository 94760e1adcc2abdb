// Measurements of RGB images (interleaved, row-major) that the generator's tests assert on.
import type { RenderedImage } from '../../src/generate/abstract.pipeline.ts';

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A region given as fractions of the image, e.g. the left third is (0, 0, 1/3, 1). */
export function fractionRegion(
  image: RenderedImage,
  fx0: number,
  fy0: number,
  fx1: number,
  fy1: number,
): Region {
  return {
    x0: Math.floor(fx0 * image.width),
    y0: Math.floor(fy0 * image.height),
    x1: Math.ceil(fx1 * image.width),
    y1: Math.ceil(fy1 * image.height),
  };
}

function* pixels(image: RenderedImage, region?: Region): Generator<[number, number, number]> {
  const { x0, y0, x1, y1 } = region ?? { x0: 0, y0: 0, x1: image.width, y1: image.height };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 3;
      yield [image.data[i], image.data[i + 1], image.data[i + 2]];
    }
  }
}

/** Mean of each channel, 0..255. */
export function meanRgb(image: RenderedImage, region?: Region): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (const [r, g, b] of pixels(image, region)) {
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    n++;
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

export function meanLuma(image: RenderedImage, region?: Region): number {
  const [r, g, b] = meanRgb(image, region);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Mean HSV saturation, 0..1. */
export function meanSaturation(image: RenderedImage): number {
  let sum = 0;
  let n = 0;
  for (const [r, g, b] of pixels(image)) {
    const max = Math.max(r, g, b);
    sum += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    n++;
  }
  return sum / n;
}

/** Hue in degrees of an RGB colour. */
export function hue(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Share of vivid pixels (saturation and value above the given levels) whose hue lies in one of the ranges. */
export function vividHueShare(
  image: RenderedImage,
  ranges: Array<[number, number]>,
  minSaturation = 0.45,
  minValue = 100,
): number {
  let vivid = 0;
  let inside = 0;
  for (const [r, g, b] of pixels(image)) {
    const max = Math.max(r, g, b);
    if (max < minValue || (max - Math.min(r, g, b)) / max < minSaturation) continue;
    vivid++;
    const h = hue(r, g, b);
    if (ranges.some(([lo, hi]) => h >= lo && h <= hi)) inside++;
  }
  return vivid === 0 ? 0 : inside / vivid;
}

/** Mean absolute difference per channel value between two images of the same size, 0..255. */
export function meanAbsDiff(a: RenderedImage, b: RenderedImage): number {
  if (a.data.length !== b.data.length) throw new Error('images differ in size');
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

export function distinctColours(image: RenderedImage): number {
  const seen = new Set<number>();
  for (const [r, g, b] of pixels(image)) seen.add((r << 16) | (g << 8) | b);
  return seen.size;
}

/** Share of pixels whose brightest channel is below `level`. */
export function darkShare(image: RenderedImage, level: number): number {
  let dark = 0;
  let n = 0;
  for (const [r, g, b] of pixels(image)) {
    if (Math.max(r, g, b) < level) dark++;
    n++;
  }
  return dark / n;
}

/** Mean absolute luminance step between horizontally adjacent pixels: high for grain and hard edges. */
export function meanNeighbourStep(image: RenderedImage): number {
  let sum = 0;
  let n = 0;
  const luma = (i: number) => 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
  for (let y = 0; y < image.height; y++) {
    for (let x = 1; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      sum += Math.abs(luma(i) - luma(i - 3));
      n++;
    }
  }
  return sum / n;
}

/** True when every complete block×block cell is one colour. */
export function hasConstantBlocks(image: RenderedImage, block: number): boolean {
  for (let by = 0; by + block <= image.height; by += block) {
    for (let bx = 0; bx + block <= image.width; bx += block) {
      const first = (by * image.width + bx) * 3;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const i = (y * image.width + x) * 3;
          if (
            image.data[i] !== image.data[first] ||
            image.data[i + 1] !== image.data[first + 1] ||
            image.data[i + 2] !== image.data[first + 2]
          )
            return false;
        }
      }
    }
  }
  return true;
}
