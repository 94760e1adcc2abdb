// The `pixels` input of the abstract model: per pixel the (x, y) position where the network is sampled and a
// style texture. Styles that need geometry rather than filters change where pixels sample: pixel_art samples
// each block at its centre, low_poly each triangle at its centroid, so their colours are constant by construction.
import type { Style } from '@pictura/common/generation-options';
import { hash32 } from './seeded-random.ts';

export interface PixelGrid {
  /** [x plane, y plane, texture plane], each height × width; x and y span [-1, 1] on the shorter side. */
  data: Float32Array;
  width: number;
  height: number;
}

/** Pixel-art block edge in pixels for an image size. */
export function pixelArtBlock(width: number, height: number): number {
  return Math.max(4, Math.round(Math.min(width, height) / 64));
}

export function buildPixelGrid(style: Style, width: number, height: number, seed: number): PixelGrid {
  const n = width * height;
  const data = new Float32Array(3 * n);
  const unit = 2 / Math.min(width, height);
  const toX = (px: number) => (px - width / 2) * unit;
  const toY = (py: number) => (py - height / 2) * unit;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      data[py * width + px] = toX(px + 0.5);
      data[n + py * width + px] = toY(py + 0.5);
    }
  }
  const texture = data.subarray(2 * n);
  if (style === 'pixel_art') snapToBlocks(data, width, height, toX, toY);
  else if (style === 'low_poly') snapToTriangles(data, width, height, seed, toX, toY);
  else if (style === 'watercolor') paperTexture(texture, width, height, seed);
  else if (style === 'photographic')
    for (let i = 0; i < n; i++) texture[i] = (hash32(i ^ Math.imul(seed, 0x9e3779b1)) / 2 ** 32) * 2 - 1;
  return { data, width, height };
}

const BAYER_4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** Every pixel samples its block's centre; the texture is a 4×4 Bayer threshold per block for ordered dithering. */
function snapToBlocks(
  data: Float32Array,
  width: number,
  height: number,
  toX: (p: number) => number,
  toY: (p: number) => number,
) {
  const n = width * height;
  const block = pixelArtBlock(width, height);
  for (let py = 0; py < height; py++) {
    const by = Math.floor(py / block);
    const y = toY((by + 0.5) * block);
    for (let px = 0; px < width; px++) {
      const bx = Math.floor(px / block);
      const i = py * width + px;
      data[i] = toX((bx + 0.5) * block);
      data[n + i] = y;
      data[2 * n + i] = (BAYER_4[(by % 4) * 4 + (bx % 4)] + 0.5) / 16;
    }
  }
}

/**
 * A jittered grid of quads, each split into two triangles, rasterised: every pixel samples its triangle's
 * centroid, and the texture holds a per-facet shade in [-1, 1] so neighbouring facets read as angled planes.
 */
function snapToTriangles(
  data: Float32Array,
  width: number,
  height: number,
  seed: number,
  toX: (p: number) => number,
  toY: (p: number) => number,
) {
  const n = width * height;
  const cell = Math.min(width, height) / 9;
  const cols = Math.ceil(width / cell) + 1;
  const rows = Math.ceil(height / cell) + 1;
  const rand = (i: number, j: number, k: number) =>
    hash32(hash32(hash32(seed ^ (i * 7919)) ^ (j * 104729)) ^ k) / 2 ** 32;
  const vertex = (i: number, j: number): [number, number] => {
    const edge = i === 0 || j === 0 || i === cols || j === rows; // keep the border straight
    const jitter = edge ? 0 : 0.7;
    return [(i + (rand(i, j, 1) - 0.5) * jitter) * cell, (j + (rand(i, j, 2) - 0.5) * jitter) * cell];
  };
  const fill = (a: [number, number], b: [number, number], c: [number, number], shade: number) => {
    const cx = toX((a[0] + b[0] + c[0]) / 3);
    const cy = toY((a[1] + b[1] + c[1]) / 3);
    const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
    const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
    const eps = -1e-6 * Math.abs(area);
    for (let py = y0; py <= y1; py++) {
      for (let px = x0; px <= x1; px++) {
        const x = px + 0.5;
        const y = py + 0.5;
        const w0 = ((b[0] - x) * (c[1] - y) - (b[1] - y) * (c[0] - x)) * Math.sign(area);
        const w1 = ((c[0] - x) * (a[1] - y) - (c[1] - y) * (a[0] - x)) * Math.sign(area);
        const w2 = ((a[0] - x) * (b[1] - y) - (a[1] - y) * (b[0] - x)) * Math.sign(area);
        if (w0 < eps || w1 < eps || w2 < eps) continue;
        const i = py * width + px;
        data[i] = cx;
        data[n + i] = cy;
        data[2 * n + i] = shade;
      }
    }
  };
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const [p00, p10, p01, p11] = [vertex(i, j), vertex(i + 1, j), vertex(i, j + 1), vertex(i + 1, j + 1)];
      const flip = rand(i, j, 3) < 0.5;
      const shadeA = rand(i, j, 4) * 2 - 1;
      const shadeB = rand(i, j, 5) * 2 - 1;
      if (flip) {
        fill(p00, p10, p11, shadeA);
        fill(p00, p11, p01, shadeB);
      } else {
        fill(p00, p10, p01, shadeA);
        fill(p10, p11, p01, shadeB);
      }
    }
  }
}

/** Watercolour paper: fine tooth plus larger blotches (value noise, three octaves), roughly in [-1, 1]. */
function paperTexture(out: Float32Array, width: number, height: number, seed: number) {
  const octaves: Array<[cell: number, weight: number]> = [
    [2.5, 0.45],
    [9, 0.3],
    [40, 0.55],
  ];
  for (const [index, [cell, weight]] of octaves.entries()) {
    // Random values on the lattice corners, then smooth interpolation per pixel.
    const cols = Math.ceil(width / cell) + 2;
    const rows = Math.ceil(height / cell) + 2;
    const salt = hash32(seed + index * 977);
    const lattice = Float32Array.from(
      { length: cols * rows },
      (_, k) => (hash32(salt ^ hash32(k)) / 2 ** 31 - 1) * weight,
    );
    const column = Int32Array.from({ length: width }, (_, px) => Math.floor(px / cell));
    const tx = Float32Array.from({ length: width }, (_, px) => smooth(px / cell - column[px]));
    for (let py = 0; py < height; py++) {
      const j = Math.floor(py / cell);
      const ty = smooth(py / cell - j);
      const top = j * cols;
      const bottom = top + cols;
      for (let px = 0; px < width; px++) {
        const i = column[px];
        const upper = lerp(lattice[top + i], lattice[top + i + 1], tx[px]);
        const lower = lerp(lattice[bottom + i], lattice[bottom + i + 1], tx[px]);
        out[py * width + px] += lerp(upper, lower, ty);
      }
    }
  }
}

const smooth = (t: number) => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
