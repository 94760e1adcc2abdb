// Computed RGB test images (no fonts or files, so they are identical on every machine): a sharp-edged
// pattern where an upscaler's blur and halos show (checkerboard, bars, slanted edges, pixel text), and a
// photo-like scene of soft texture, noise and a few hard edges, where over-eager sharpening shows.
import { seededUnit } from './test-models.fixture.ts';

const GLYPHS: Record<string, string[]> = {
  P: ['1110', '1001', '1110', '1000', '1000'],
  I: ['111', '010', '010', '010', '111'],
  C: ['0111', '1000', '1000', '1000', '0111'],
  T: ['111', '010', '010', '010', '010'],
  U: ['1001', '1001', '1001', '1001', '0110'],
  R: ['1110', '1001', '1110', '1010', '1001'],
  A: ['0110', '1001', '1111', '1001', '1001'],
  '4': ['1010', '1010', '1111', '0010', '0010'],
  X: ['1001', '0110', '0110', '0110', '1001'],
};

type Colour = readonly [number, number, number];

/** The colour at a point of the pattern, in a `size`-wide square (coordinates in pixels). */
function colourAt(x: number, y: number, size: number): Colour {
  const u = x / size;
  const v = y / size;
  if (u < 0.5 && v < 0.5) {
    // Checkerboard, 1/32 of the image per square.
    const cell = Math.floor(x / (size / 32)) + Math.floor(y / (size / 32));
    return cell % 2 ? [240, 240, 240] : [20, 20, 20];
  }
  if (v < 0.5) {
    // Vertical bars of growing width on a light ground.
    const bar = Math.floor((u - 0.5) * 16);
    const phase = ((u - 0.5) * 16) % 1;
    return phase < 0.2 + bar * 0.08 ? [30, 40, 120] : [230, 220, 200];
  }
  if (u < 0.5) {
    // A slanted square and a disc: edges at every angle, in colour.
    const cx = u - 0.25;
    const cy = v - 0.75;
    const rx = cx * Math.cos(0.4) - cy * Math.sin(0.4);
    const ry = cx * Math.sin(0.4) + cy * Math.cos(0.4);
    if (Math.hypot(cx - 0.08, cy - 0.08) < 0.09) return [250, 200, 40];
    if (Math.abs(rx) < 0.15 && Math.abs(ry) < 0.15) return [200, 30, 40];
    return [40, 110, 60];
  }
  // Pixel text: the glyph grid is 1/96 of the image per dot.
  const dot = size / 96;
  const line = Math.floor((y - size / 2) / (dot * 8));
  const row = Math.floor(((y - size / 2) % (dot * 8)) / dot) - 1;
  const text = line % 2 ? 'PICTURA' : '4X ART';
  let column = Math.floor((x - size / 2) / dot) - 1;
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    const width = glyph ? glyph[0].length : 2;
    if (column < width) {
      const ink = glyph && row >= 0 && row < 5 && column >= 0 && glyph[row][column] === '1';
      return ink ? [15, 15, 15] : [250, 250, 250];
    }
    column -= width + 1;
  }
  return [250, 250, 250];
}

/** Renders the pattern as interleaved 8-bit RGB, 4×4 supersampled so edges are antialiased. */
export function renderTestPattern(size: number): Buffer {
  const out = Buffer.alloc(size * size * 3);
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples, size);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const at = (y * size + x) * 3;
      const n = samples * samples;
      out[at] = Math.round(r / n);
      out[at + 1] = Math.round(g / n);
      out[at + 2] = Math.round(b / n);
    }
  }
  return out;
}

/** Interleaved 8-bit RGB: fractal value-noise shading, a hard-edged flower and bar, and fine noise. */
export function renderTexturedScene(size: number, seed = 1): Buffer {
  const random = seededUnit(seed);
  const octaves = [4, 8, 16, 32, 64, 128].map((cells) => ({
    cells,
    values: Float32Array.from({ length: (cells + 1) ** 2 * 3 }, random),
  }));
  // Smoothly interpolated lattice noise, summed over octaves of halving amplitude: about 0-1.
  const texture = (u: number, v: number, c: number) => {
    let total = 0;
    let amplitude = 0.5;
    for (const { cells, values } of octaves) {
      const x = u * cells;
      const y = v * cells;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const sx = (x - x0) ** 2 * (3 - 2 * (x - x0));
      const sy = (y - y0) ** 2 * (3 - 2 * (y - y0));
      const at = (xx: number, yy: number) =>
        values[(Math.min(yy, cells) * (cells + 1) + Math.min(xx, cells)) * 3 + c];
      const top = at(x0, y0) * (1 - sx) + at(x0 + 1, y0) * sx;
      const bottom = at(x0, y0 + 1) * (1 - sx) + at(x0 + 1, y0 + 1) * sx;
      total += amplitude * (top * (1 - sy) + bottom * sy);
      amplitude *= 0.55;
    }
    return total;
  };
  const out = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const petals = 0.18 + 0.03 * Math.sin(10 * Math.atan2(v - 0.4, u - 0.35));
      const inFlower = Math.hypot(u - 0.35, v - 0.4) < petals;
      const inBar = Math.abs((u - 0.7) * 0.8 + (v - 0.7) * 0.6) < 0.03;
      for (let c = 0; c < 3; c++) {
        let value = 40 + 170 * texture(u, v, c);
        if (inFlower) value = [200, 160, 60][c] + 40 * (texture(u * 3, v * 3, c) - 0.5);
        if (inBar) value = [30, 30, 50][c];
        out[(y * size + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value + (random() - 0.5) * 6)));
      }
    }
  }
  return out;
}

/** Shrinks interleaved 8-bit pixels by a whole factor, averaging each block (as a camera sensor would). */
export function shrinkByAveraging(
  pixels: Uint8Array,
  size: number,
  channels: number,
  factor: number,
): Buffer {
  const small = size / factor;
  const out = Buffer.alloc(small * small * channels);
  for (let y = 0; y < small; y++) {
    for (let x = 0; x < small; x++) {
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          for (let dx = 0; dx < factor; dx++)
            sum += pixels[((y * factor + dy) * size + x * factor + dx) * channels + c];
        }
        out[(y * small + x) * channels + c] = Math.round(sum / factor ** 2);
      }
    }
  }
  return out;
}
