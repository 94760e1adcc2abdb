// The generator options (style, colour, lighting) applied to a finished Pictura Scenes picture, so each has a
// visible effect. Colour grades and lighting rigs are the abstract model's own (abstract.looks.ts), applied here
// on the CPU in the same order as its shader: style, then lighting, then grade (so black_and_white stays grey).
import type { Color, Lighting, Style } from '@pictura/common/generation-options';
import { COLOR_GRADES, LIGHTING_RIGS } from '../abstract.looks.ts';
import { hash32, seededRandom } from '../seeded-random.ts';

export interface Look {
  style: Style;
  color: Color;
  lighting: Lighting;
}

interface Picture {
  /** RGB floats 0..1, interleaved. */
  rgb: Float32Array;
  width: number;
  height: number;
}

const LUMA = [0.299, 0.587, 0.114] as const;
const luma = (p: Float32Array, i: number) => LUMA[0] * p[i] + LUMA[1] * p[i + 1] + LUMA[2] * p[i + 2];
const clamp01 = (v: number) => (v < 0 ? 0 : Math.min(v, 1));
/** v^0.85 at 1025 steps: anime's lifted midtones without a Math.pow per channel. */
/** Unit vectors at 256 angles (cos, sin interleaved) for watercolour's flow field. */
const FLOW = Float32Array.from({ length: 512 }, (_, i) =>
  (i & 1 ? Math.sin : Math.cos)((Math.floor(i / 2) / 256) * 8 * Math.PI),
);
const BRIGHTEN = Float32Array.from({ length: 1025 }, (_, i) => (i / 1024) ** 0.85);

/** In place on an RGB or RGBA (alpha untouched) buffer. */
export function applyLook(
  image: { data: Uint8Array; width: number; height: number; channels: 3 | 4 },
  look: Look,
  seed: number,
): void {
  if (look.style === 'none' && look.color === 'none' && look.lighting === 'none') return;
  const { data, width, height, channels } = image;
  const n = width * height;
  const rgb = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = data[i * channels + k] / 255;
  }
  const picture: Picture = { rgb, width, height };
  STYLES[look.style](picture, seed);
  if (look.lighting !== 'none') light(picture, look.lighting);
  if (look.color !== 'none') grade(picture, look.color);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) data[i * channels + k] = Math.round(clamp01(picture.rgb[i * 3 + k]) * 255);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shared passes

/** Box blur of radius r, twice over (close to a Gaussian), each axis with running sums: O(pixels). */
function blur(src: Float32Array, width: number, height: number, r: number, passes = 2): Float32Array {
  let a = src;
  const tmp = new Float32Array(src.length);
  for (let pass = 0; pass < passes; pass++) {
    const out = new Float32Array(src.length);
    boxAxis(a, tmp, width, height, r, true);
    boxAxis(tmp, out, width, height, r, false);
    a = out;
  }
  return a;
}

function boxAxis(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  r: number,
  horizontal: boolean,
) {
  const lines = horizontal ? height : width;
  const len = horizontal ? width : height;
  const step = horizontal ? 3 : width * 3;
  const scale = 1 / (2 * r + 1);
  const last = len - 1;
  for (let line = 0; line < lines; line++) {
    const start = horizontal ? line * width * 3 : line * 3;
    for (let k = 0; k < 3; k++) {
      const base = start + k;
      let sum = 0;
      for (let i = -r; i <= r; i++) sum += src[base + (i < 0 ? 0 : Math.min(i, last)) * step];
      for (let i = 0; i < len; i++) {
        dst[base + i * step] = sum * scale;
        const add = i + r + 1;
        const drop = i - r;
        sum += src[base + Math.min(add, last) * step] - src[base + Math.max(drop, 0) * step];
      }
    }
  }
}

function saturate(p: Float32Array, amount: number) {
  for (let i = 0; i < p.length; i += 3) {
    const l = luma(p, i);
    for (let k = 0; k < 3; k++) p[i + k] = l + (p[i + k] - l) * amount;
  }
}

function posterise(p: Float32Array, levels: number) {
  const steps = levels - 1;
  for (let i = 0; i < p.length; i++) p[i] = Math.round(clamp01(p[i]) * steps) / steps;
}

/** Sobel magnitude of luminance, 0.. about 4. */
function edges(p: Picture): Float32Array {
  const { width: w, height: h, rgb } = p;
  const l = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) l[i] = luma(rgb, i * 3);
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = l[i - w + 1] + 2 * l[i + 1] + l[i + w + 1] - l[i - w - 1] - 2 * l[i - 1] - l[i + w - 1];
      const gy = l[i + w - 1] + 2 * l[i + w] + l[i + w + 1] - l[i - w - 1] - 2 * l[i - w] - l[i - w + 1];
      out[i] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** Smooth seeded noise in [0, 1]: bilinear over a grid of `cells` across the wider side. */
function valueNoise(width: number, height: number, cells: number, seed: number): Float32Array {
  const size = cells / Math.max(width, height);
  const out = new Float32Array(width * height);
  const stride = cells + 2;
  const grid = new Float32Array(stride * stride);
  const random = seededRandom(seed);
  for (let i = 0; i < grid.length; i++) grid[i] = random();
  const at = (gx: number, gy: number) => grid[gy * stride + gx];
  for (let y = 0; y < height; y++) {
    const fy = y * size;
    const gy = Math.floor(fy);
    const ty = fy - gy;
    for (let x = 0; x < width; x++) {
      const fx = x * size;
      const gx = Math.floor(fx);
      const tx = fx - gx;
      const top = at(gx, gy) * (1 - tx) + at(gx + 1, gy) * tx;
      const bottom = at(gx, gy + 1) * (1 - tx) + at(gx + 1, gy + 1) * tx;
      out[y * width + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Styles

const STYLES: Record<Style, (p: Picture, seed: number) => void> = {
  none: () => {},
  pixel_art(p) {
    const block = Math.max(2, Math.round(Math.max(p.width, p.height) / 64));
    const { width: w, height: h, rgb } = p;
    for (let by = 0; by < h; by += block) {
      for (let bx = 0; bx < w; bx += block) {
        const sum = [0, 0, 0];
        let count = 0;
        for (let y = by; y < Math.min(h, by + block); y++) {
          for (let x = bx; x < Math.min(w, bx + block); x++) {
            for (let k = 0; k < 3; k++) sum[k] += rgb[(y * w + x) * 3 + k];
            count++;
          }
        }
        // A small palette: six levels a channel, a touch more saturated, like an 8-bit sprite sheet.
        const l = (LUMA[0] * sum[0] + LUMA[1] * sum[1] + LUMA[2] * sum[2]) / count;
        const colour = sum.map((s) => Math.round(clamp01(l + (s / count - l) * 1.2) * 5) / 5);
        for (let y = by; y < Math.min(h, by + block); y++) {
          for (let x = bx; x < Math.min(w, bx + block); x++) {
            for (let k = 0; k < 3; k++) rgb[(y * w + x) * 3 + k] = colour[k];
          }
        }
      }
    }
  },
  watercolor(p, seed) {
    const { width: w, height: h } = p;
    const soft = blur(p.rgb, w, h, Math.max(1, Math.round(w / 256)), 1);
    const wide = blur(soft, w, h, Math.max(3, Math.round(w / 80)), 1);
    const flow = valueNoise(w, h, 12, seed);
    const pigment = valueNoise(w, h, 40, seed + 2);
    const random = seededRandom(seed + 3);
    const reach = Math.max(2, w / 128);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        // Colour runs a few pixels along a slow random flow: the bleeding of wet paint.
        const angle = Math.floor(flow[i] * 255) * 2;
        const sx = Math.min(w - 1, Math.max(0, Math.round(x + FLOW[angle] * reach)));
        const sy = Math.min(h - 1, Math.max(0, Math.round(y + FLOW[angle + 1] * reach)));
        const j = (sy * w + sx) * 3;
        // Pigment pools where colours meet: darken by the difference from the wide blur.
        const edge = Math.abs(luma(soft, j) - luma(wide, j));
        const paper = 0.97 + random() * 0.03;
        const wash = 0.85 + 0.25 * pigment[i];
        for (let k = 0; k < 3; k++) {
          const v = soft[j + k] * (1 - edge * 0.9);
          const lifted = 1 - (1 - v) * 0.82 * wash;
          p.rgb[i * 3 + k] = lifted * paper * [1, 0.985, 0.95][k];
        }
      }
    }
  },
  low_poly(p, seed) {
    lowPoly(p, seed);
  },
  flat_design(p) {
    p.rgb = blur(p.rgb, p.width, p.height, Math.max(1, Math.round(p.width / 256)));
    saturate(p.rgb, 1.2);
    posterise(p.rgb, 5);
  },
  cartoon(p) {
    saturate(p.rgb, 1.4);
    posterise(p.rgb, 8);
    const e = edges(p);
    for (let i = 0; i < e.length; i++) {
      if (e[i] > 0.35) {
        const ink = Math.min(1, (e[i] - 0.35) * 3);
        for (let k = 0; k < 3; k++) p.rgb[i * 3 + k] *= 1 - 0.8 * ink;
      }
    }
  },
  anime(p) {
    const { rgb, width: w, height: h } = p;
    saturate(rgb, 1.18);
    const bright = new Float32Array(rgb.length);
    for (let i = 0; i < rgb.length; i += 3) {
      const l = luma(rgb, i);
      // Soft cel shading: luminance pulled a third of the way towards four bands.
      const band = Math.min(1, Math.round(l * 3) / 3 + 0.08);
      const gain = (0.67 * l + 0.33 * band) / Math.max(0.02, l);
      for (let k = 0; k < 3; k++) {
        rgb[i + k] = BRIGHTEN[Math.round(clamp01(rgb[i + k]) * 1024)] * Math.min(1.4, gain);
        bright[i + k] = Math.max(0, rgb[i + k] - 0.65);
      }
    }
    const bloom = blur(bright, w, h, Math.max(3, Math.round(w / 60)));
    for (let i = 0; i < rgb.length; i++) rgb[i] += bloom[i] * 0.9;
  },
  photographic(p, seed) {
    const { rgb, width: w, height: h } = p;
    const random = seededRandom(seed);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const dx = (x / w - 0.5) * 2;
        const dy = (y / h - 0.5) * 2;
        const r2 = dx * dx + dy * dy;
        const vignette = 1 - 0.22 * r2 * (0.7 + 0.3 * r2);
        const grain = (random() - 0.5) * 0.05;
        for (let k = 0; k < 3; k++) {
          const v = clamp01(rgb[i + k]);
          const curve = v * v * (3 - 2 * v); // an S-curve: deeper shadows, brighter highlights
          rgb[i + k] = (v * 0.6 + curve * 0.4) * vignette + grain;
        }
      }
    }
    saturate(rgb, 0.92);
  },
  cyberpunk(p) {
    const { rgb, width: w } = p;
    for (let i = 0; i < rgb.length; i += 3) {
      const l = clamp01(luma(rgb, i));
      const shadow = (1 - l) ** 2 * 0.45;
      const high = l * l * 0.4;
      const scan = Math.floor(i / 3 / w) % 3 === 0 ? 0.92 : 1;
      const teal = [0.0, 0.55, 0.62];
      const magenta = [1, 0.2, 0.85];
      for (let k = 0; k < 3; k++) {
        const v = (rgb[i + k] - 0.5) * 1.2 + 0.5;
        rgb[i + k] = (v * (1 - shadow - high) + teal[k] * shadow + magenta[k] * high) * scan;
      }
    }
  },
};

/** Faceted: a seeded jittered triangle grid, every triangle filled with the mean colour under it. */
function lowPoly(p: Picture, seed: number) {
  const { width: w, height: h, rgb } = p;
  const cols = 22;
  const cell = Math.max(w, h) / cols;
  const gx = Math.ceil(w / cell) + 1;
  const gy = Math.ceil(h / cell) + 1;
  const random = seededRandom(seed);
  const px = new Float32Array(gx * gy);
  const py = new Float32Array(gx * gy);
  for (let j = 0; j < gy; j++) {
    for (let i = 0; i < gx; i++) {
      const edgeX = i === 0 || i === gx - 1;
      const edgeY = j === 0 || j === gy - 1;
      px[j * gx + i] = Math.min(w, i * cell) + (edgeX ? 0 : (random() - 0.5) * cell * 0.7);
      py[j * gx + i] = Math.min(h, j * cell) + (edgeY ? 0 : (random() - 0.5) * cell * 0.7);
    }
  }
  const owner = new Int32Array(w * h).fill(-1);
  const triangles: number[][] = [];
  for (let j = 0; j < gy - 1; j++) {
    for (let i = 0; i < gx - 1; i++) {
      const a = j * gx + i;
      const [b, c, d] = [a + 1, a + gx, a + gx + 1];
      triangles.push((i + j) % 2 ? [a, b, d] : [a, b, c], (i + j) % 2 ? [a, d, c] : [b, d, c]);
    }
  }
  for (const [t, [a, b, c]] of triangles.entries()) {
    const xs = [px[a], px[b], px[c]];
    const ys = [py[a], py[b], py[c]];
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
    const area = (xs[1] - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (ys[1] - ys[0]);
    if (Math.abs(area) < 1e-6) continue;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cx = x + 0.5;
        const cy = y + 0.5;
        const w0 = ((xs[1] - cx) * (ys[2] - cy) - (xs[2] - cx) * (ys[1] - cy)) / area;
        const w1 = ((xs[2] - cx) * (ys[0] - cy) - (xs[0] - cx) * (ys[2] - cy)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 >= -1e-4 && w1 >= -1e-4 && w2 >= -1e-4) owner[y * w + x] = t;
      }
    }
  }
  const sums = new Float64Array(triangles.length * 4);
  for (let i = 0; i < w * h; i++) {
    const t = owner[i];
    if (t < 0) continue;
    for (let k = 0; k < 3; k++) sums[t * 4 + k] += rgb[i * 3 + k];
    sums[t * 4 + 3]++;
  }
  // Each facet a shade lighter or darker, as if it faced the light at its own angle.
  const facet = triangles.map((_, t) => 0.93 + 0.14 * (hash32(seed + t) / 4294967296));
  for (let i = 0; i < w * h; i++) {
    const t = owner[i];
    if (t < 0) continue;
    const count = sums[t * 4 + 3];
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = (sums[t * 4 + k] / count) * facet[t];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lighting and colour grade (formulas of abstract-shader.model.ts)

function light(p: Picture, lighting: Lighting) {
  const rig = LIGHTING_RIGS[lighting];
  const { width: w, height: h, rgb } = p;
  const short = Math.min(w, h);
  for (let y = 0; y < h; y++) {
    const yy = (2 * (y + 0.5) - h) / short;
    for (let x = 0; x < w; x++) {
      const xx = (2 * (x + 0.5) - w) / short;
      const dx = xx - rig.centre[0];
      const dy = yy - rig.centre[1];
      const dist = Math.sqrt(dx * dx + dy * dy);
      const disc = 1 / (1 + Math.exp(-(rig.radius - dist) * rig.sharpness));
      const amount = Math.max(0, rig.ambient + rig.gradient[0] * xx + rig.gradient[1] * yy + rig.disc * disc);
      const i = (y * w + x) * 3;
      for (let k = 0; k < 3; k++) rgb[i + k] = (rgb[i + k] * amount + rig.glow * disc) * rig.tint[k];
    }
  }
}

function grade(p: Picture, color: Color) {
  const { affine: a, ramp, rampMix } = COLOR_GRADES[color];
  const { rgb } = p;
  const mapped = [0, 0, 0];
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i];
    const g = rgb[i + 1];
    const b = rgb[i + 2];
    for (let k = 0; k < 3; k++) mapped[k] = a[k][0] * r + a[k][1] * g + a[k][2] * b + a[k][3];
    const l = clamp01(LUMA[0] * mapped[0] + LUMA[1] * mapped[1] + LUMA[2] * mapped[2]);
    const w0 = Math.max(0, 1 - l * 2);
    const w1 = Math.max(0, 1 - Math.abs(l * 2 - 1));
    const w2 = Math.max(0, l * 2 - 1);
    for (let k = 0; k < 3; k++) {
      const ramped = ramp[0][k] * w0 + ramp[1][k] * w1 + ramp[2][k] * w2;
      rgb[i + k] = mapped[k] + (ramped - mapped[k]) * rampMix;
    }
  }
}
