// One painting in progress and the SVG helpers every painter draws with: seeded dice, lit and hazed colours,
// gradients, ridges; then the document around it and its rasterising by librsvg inside sharp.
import type { ScenePlace, SceneSeason, SceneTime, SceneWeather } from '@pictura/common/scene';
import sharp from 'sharp';
import { seededRandom } from '../../seeded-random.ts';
import { f, mix, multiply, type Rgb } from './colour.ts';
import { type SkyLook, skyLook } from './sky.looks.ts';

export interface SettingSpec {
  place?: ScenePlace;
  /** Default 'day'. */
  time?: SceneTime;
  weather?: SceneWeather;
  season?: SceneSeason;
}

/** One painting in progress: the logical canvas, the seeded dice, the light, and the SVG written so far. */
export interface Canvas {
  /** Logical width; the height is always 1000. */
  w: number;
  random: () => number;
  time: SceneTime;
  weather?: SceneWeather;
  season: SceneSeason;
  sky: SkyLook;
  /** Multiply colour of everything lit by the sky (night is dark blue). */
  tint: Rgb;
  /** How far the farthest layer fades into the horizon colour (fog fades more). */
  hazeAmount: number;
  sunX: number;
  sunY: number;
  defs: string[];
  body: string[];
  ids: number;
  /** Drawing seen out of focus (behind a close-up): rendered small and scaled up where BACKDROP stands. */
  backdrop?: string;
}

export const BACKDROP = '<!--backdrop-->';

export const range = (c: Canvas, lo: number, hi: number) => lo + (hi - lo) * c.random();
export const pick = <T>(c: Canvas, list: readonly T[]): T => list[Math.floor(c.random() * list.length)];
export const id = (c: Canvas, prefix: string) => `${prefix}${c.ids++}`;

/** A colour as lit by the scene's light, faded towards the horizon by `depth` (0 near … 1 farthest). */
export function tone(c: Canvas, hex: string, depth = 0): string {
  return mix(multiply(hex, c.tint), c.sky.haze, Math.min(1, depth * c.hazeAmount));
}

/** Runs `paint` into a fresh body and returns what it wrote, for groups that clip or transform a drawing. */
export function capture(c: Canvas, paint: () => void): string {
  const saved = c.body;
  c.body = [];
  paint();
  const out = c.body.join('');
  c.body = saved;
  return out;
}

export function verticalGradient(
  c: Canvas,
  y1: number,
  y2: number,
  stops: [number, string, number?][],
): string {
  const name = id(c, 'g');
  const s = stops
    .map(
      ([o, col, op]) =>
        `<stop offset="${o}" stop-color="${col}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
  c.defs.push(
    `<linearGradient id="${name}" gradientUnits="userSpaceOnUse" x1="0" y1="${f(y1)}" x2="0" y2="${f(y2)}">${s}</linearGradient>`,
  );
  return `url(#${name})`;
}

export function radialGlow(c: Canvas, colour: string, opacity: number): string {
  const name = id(c, 'r');
  c.defs.push(
    `<radialGradient id="${name}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="0.4" stop-color="${colour}" stop-opacity="${opacity * 0.35}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${name})`;
}

export function blur(c: Canvas, deviation: number): string {
  const name = id(c, 'b');
  c.defs.push(
    `<filter id="${name}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
  );
  return `url(#${name})`;
}

/** A smooth ridge line: y for every 10 logical units across, a sum of seeded waves around `base`. */
export function ridge(c: Canvas, base: number, amplitude: number, roughness = 1): number[] {
  const waves = [1, 2.3, 5.1].map((k, i) => ({
    k: (k * roughness * Math.PI * 2) / 1000,
    phase: c.random() * Math.PI * 2,
    a: amplitude / (1 + i * 1.6),
  }));
  const ys: number[] = [];
  for (let x = 0; x <= c.w + 10; x += 10) {
    ys.push(base - waves.reduce((sum, w) => sum + w.a * Math.sin(w.k * x + w.phase), 0) - amplitude * 0.4);
  }
  return ys;
}
export const ridgeAt = (ys: number[], x: number) =>
  ys[Math.max(0, Math.min(ys.length - 1, Math.round(x / 10)))];
export const ridgePath = (ys: number[], bottom = 1000) =>
  `M0,${bottom}${ys.map((y, i) => `L${i * 10},${f(y)}`).join('')}L${(ys.length - 1) * 10},${bottom}Z`;

function defaultSeason(spec: SettingSpec): SceneSeason {
  if (spec.season) return spec.season;
  return spec.place === 'snow' || spec.weather === 'snowfall' ? 'winter' : 'summer';
}

export function newCanvas(spec: SettingSpec, width: number, height: number, seed: number): Canvas {
  const time = spec.time ?? 'day';
  const sky = skyLook(time, spec.weather);
  const w = Math.round((1000 * width) / height);
  const random = seededRandom(seed ^ 0x5ce7e);
  const sunX = w * (0.15 + 0.7 * random());
  return {
    w,
    random,
    time,
    weather: spec.weather,
    season: defaultSeason(spec),
    sky,
    tint: sky.tint,
    hazeAmount: spec.weather === 'fog' ? 0.95 : 0.72,
    sunX,
    sunY: 0,
    defs: [],
    body: [],
    ids: 0,
  };
}

export function svgDocument(c: Canvas, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${c.w} 1000" preserveAspectRatio="none"><defs>${c.defs.join('')}</defs>${c.body.join('')}</svg>`;
}

/** Depth of field for close-ups: the backdrop painted at a sixth of the size, softened, scaled back up. */
export async function withBackdrop(c: Canvas, svg: string, width: number, height: number): Promise<string> {
  if (!c.backdrop) return svg;
  const small = [Math.max(8, Math.round(width / 6)), Math.max(8, Math.round(height / 6))];
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${small[0]}" height="${small[1]}" viewBox="0 0 ${c.w} 1000" preserveAspectRatio="none"><defs>${c.defs.join('')}</defs>${c.backdrop}</svg>`;
  const png = await sharp(Buffer.from(doc)).blur(1).png({ compressionLevel: 0 }).toBuffer();
  const image = `<image href="data:image/png;base64,${png.toString('base64')}" width="${c.w}" height="1000" preserveAspectRatio="none"/>`;
  return svg.replace(BACKDROP, image);
}

export async function rasterise(
  svg: string,
  width: number,
  height: number,
  channels: 3 | 4,
): Promise<Uint8Array> {
  let image = sharp(Buffer.from(svg), { density: 72 });
  const meta = await image.metadata();
  if (meta.width !== width || meta.height !== height) image = image.resize(width, height, { fit: 'fill' });
  image = channels === 3 ? image.removeAlpha() : image.ensureAlpha();
  const { data } = await image.raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
