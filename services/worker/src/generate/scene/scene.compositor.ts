// Pictura Scenes' compositor: the things of a scene as sprites (Pictura Emoji's drawings enlarged by the
// built-in upscaler, or the scene painter's props), recoloured when the prompt gave a colour, lit by the
// setting's light, and pasted back to front where the layout put them, each standing on a soft contact
// shadow. Works on RGB canvases and, for a transparent background, on RGBA ones.
import sharp from 'sharp';
import type { Upscaler } from '../../upscale/upscale.pipeline.ts';
import { EMOJI_SIDE } from '../emoji/emoji.model.ts';
import type { Placement } from './scene.layout.ts';
import type { SceneColour } from './words/scene-words.ts';

/** Straight (not premultiplied) RGBA, trimmed to the thing's own outline. */
export interface Sprite {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Opacity below this is the sampler's leftover noise on the empty canvas, not part of the drawing. */
const ALPHA_FLOOR = 0.04;
const TRIM_ALPHA = 10;

/**
 * Planes [4][64][64] in [0, 1] → the two RGB pictures the upscaler takes: the premultiplied colour, and the
 * alpha repeated in all three channels (the upscaler's colour path, so both are enlarged alike).
 */
function planesToRgb(planes: Float32Array): [Buffer, Buffer] {
  const n = EMOJI_SIDE * EMOJI_SIDE;
  const colour = Buffer.alloc(n * 3);
  const alpha = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const a = planes[3 * n + i]! < ALPHA_FLOOR ? 0 : planes[3 * n + i]!;
    for (let c = 0; c < 3; c++) {
      colour[i * 3 + c] = Math.round(Math.min(a, planes[c * n + i]!) * 255);
      alpha[i * 3 + c] = Math.round(a * 255);
    }
  }
  return [colour, alpha];
}

/** Premultiplied colour and alpha (RGB, `width`×`height`) enlarged ×4 by the upscaler: a straight-RGBA sprite. */
async function enlarge(upscaler: Upscaler, colour: Buffer, alpha: Buffer, width: number, height: number) {
  const raw = { width, height, channels: 3 } as const;
  const [big, bigAlpha] = await Promise.all(
    [colour, alpha].map(async (pixels) => {
      const png = await sharp(pixels, { raw }).png({ compressionLevel: 0 }).toBuffer();
      const upscaled = await upscaler.upscale({ input: png, format: 'png' });
      return sharp(upscaled.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    }),
  );
  const { width: w, height: h } = big!.info;
  const out = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = bigAlpha!.data[i * 3]!;
    out[i * 4 + 3] = a;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) out[i * 4 + c] = Math.min(255, Math.round((big!.data[i * 3 + c]! * 255) / a));
  }
  return { data: out, width: w, height: h };
}

/** A straight-RGBA picture enlarged ×4 by the upscaler (its edge-aware path, not a blur), trimmed. */
export async function enlargeSprite(upscaler: Upscaler, sprite: Sprite): Promise<Sprite> {
  const n = sprite.width * sprite.height;
  const colour = Buffer.alloc(n * 3);
  const alpha = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const a = sprite.data[i * 4 + 3]!;
    for (let c = 0; c < 3; c++) {
      colour[i * 3 + c] = Math.round((sprite.data[i * 4 + c]! * a) / 255);
      alpha[i * 3 + c] = a;
    }
  }
  const big = await enlarge(upscaler, colour, alpha, sprite.width, sprite.height);
  // The enlarged outline ramps over four pixels for every one of the original's: twice as steep, it is as
  // wide as a vector's drawn at this size (the colour is straight, so only the coverage changes).
  for (let i = 3; i < big.data.length; i += 4)
    big.data[i] = Math.max(0, Math.min(255, Math.round((big.data[i]! - 128) * 2 + 128)));
  return trimSprite(big);
}

/** Crops a straight RGBA picture to where it is opaque enough to be drawn. */
export function trimSprite(sprite: Sprite): Sprite {
  const { data, width, height } = sprite;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 4 + 3]! > TRIM_ALPHA) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
  if (right < 0) return { data: new Uint8Array(4), width: 1, height: 1 };
  const w = right - left + 1;
  const h = bottom - top + 1;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    out.set(data.subarray(((top + y) * width + left) * 4, ((top + y) * width + left + w) * 4), y * w * 4);
  return { data: out, width: w, height: h };
}

/**
 * A drawn concept (premultiplied planes at 64 px) as a straight-RGBA sprite at 256 px, trimmed to its outline
 * unless `trim` is false (image-to-image keeps the square it drew in).
 */
export async function spriteFromPlanes(
  upscaler: Upscaler,
  planes: Float32Array,
  { trim = true }: { trim?: boolean } = {},
): Promise<Sprite> {
  const [colour, alpha] = planesToRgb(planes);
  const sprite = await enlarge(upscaler, colour, alpha, EMOJI_SIDE, EMOJI_SIDE);
  return trim ? trimSprite(sprite) : sprite;
}

const COLOURS: Record<SceneColour, [number, number, number]> = {
  red: [214, 40, 40],
  orange: [240, 130, 30],
  yellow: [245, 205, 40],
  green: [60, 165, 70],
  blue: [45, 105, 215],
  purple: [135, 70, 190],
  pink: [240, 120, 175],
  brown: [130, 80, 45],
  black: [40, 40, 44],
  white: [240, 240, 236],
  grey: [140, 140, 140],
  gold: [225, 175, 50],
  silver: [190, 195, 205],
};

/**
 * The sprite in the asked colour, keeping its shading: each pixel's lightness is mapped onto a ramp from a
 * dark to a light shade of that colour (grey, black and white give a grey ramp).
 */
export function recolour(sprite: Sprite, colour: SceneColour): Sprite {
  const target = COLOURS[colour];
  const data = new Uint8Array(sprite.data);
  const dark = colour === 'white' ? 0.55 : colour === 'black' ? 0.15 : 0.3;
  const light = colour === 'black' ? 0.55 : colour === 'white' ? 1.05 : 1.25;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    const l = (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) / 255;
    const k = dark + (light - dark) * l;
    for (let c = 0; c < 3; c++)
      data[i + c] = Math.max(0, Math.min(255, Math.round(target[c]! * k + (k > 1 ? (k - 1) * 120 : 0))));
  }
  return { ...sprite, data };
}

export interface Canvas {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Light that changes nothing: a background with no painted setting. */
export const NO_LIGHT: { tint: [number, number, number]; sunX: number } = { tint: [1, 1, 1], sunX: 0.5 };

/** The blur of a background behind things, as a share of its longer side (a shallow depth of field). */
const BACKGROUND_BLUR_SHARE = 1 / 160;

/** An RGB background softened so the things in front of it read first. */
export async function softenBackground(background: {
  data: Uint8Array;
  width: number;
  height: number;
}): Promise<Canvas> {
  const { width, height } = background;
  const sigma = Math.max(width, height) * BACKGROUND_BLUR_SHARE;
  const soft = await sharp(background.data, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer();
  return { data: new Uint8Array(soft.buffer, soft.byteOffset, soft.length), width, height, channels: 3 };
}

/** A soft dark ellipse under a standing thing, a little towards the side away from the sun. */
function contactShadow(canvas: Canvas, cx: number, cy: number, w: number, sunX: number) {
  const rx = w * 0.42;
  const ry = Math.max(2, w * 0.07);
  const ox = (0.5 - sunX) * w * 0.25;
  const x0 = Math.max(0, Math.floor(cx + ox - rx * 1.3));
  const x1 = Math.min(canvas.width - 1, Math.ceil(cx + ox + rx * 1.3));
  const y0 = Math.max(0, Math.floor(cy - ry * 1.3));
  const y1 = Math.min(canvas.height - 1, Math.ceil(cy + ry * 1.3));
  const { data, width, channels } = canvas;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const dx = (x - cx - ox) / rx;
      const dy = (y - cy) / ry;
      const d = dx * dx + dy * dy;
      if (d >= 1.69) continue;
      const s = 0.42 * Math.max(0, Math.min(1, (1.69 - d) / 1.2));
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c]! * (1 - s));
      if (channels === 4) data[i + 3] = Math.max(data[i + 3]!, Math.round(255 * s));
    }
}

/** Pastes one placement of a sprite (straight RGBA) onto the canvas: "over", lit by `tint`. */
export async function paste(
  canvas: Canvas,
  sprite: Sprite,
  placement: Placement,
  light: { tint: [number, number, number]; sunX: number },
  shadows: boolean,
) {
  const h = Math.max(2, Math.round(placement.height));
  const w = Math.max(2, Math.round((placement.height * sprite.width) / sprite.height));
  let image = sharp(Buffer.from(sprite.data.buffer, sprite.data.byteOffset, sprite.data.length), {
    raw: { width: sprite.width, height: sprite.height, channels: 4 },
  }).resize(w, h, { kernel: 'lanczos3', fit: 'fill' });
  if (placement.flip) image = image.flop();
  const pixels = await image.raw().toBuffer();
  const left = Math.round(placement.x - w / 2);
  const top = Math.round(placement.y - h);
  if (shadows && placement.grounded)
    contactShadow(canvas, placement.x, placement.y - h * 0.02, w, light.sunX);
  const { data, width, height, channels } = canvas;
  const [tr, tg, tb] = light.tint;
  for (let y = Math.max(0, -top); y < h && top + y < height; y++) {
    for (let x = Math.max(0, -left); x < w && left + x < width; x++) {
      const s = (y * w + x) * 4;
      const a = pixels[s + 3]! / 255;
      if (a === 0) continue;
      const o = ((top + y) * width + left + x) * channels;
      const lit = [pixels[s]! * tr, pixels[s + 1]! * tg, pixels[s + 2]! * tb];
      if (channels === 4) {
        const under = data[o + 3]! / 255;
        const outA = a + under * (1 - a);
        for (let c = 0; c < 3; c++)
          data[o + c] = Math.round((lit[c]! * a + data[o + c]! * under * (1 - a)) / Math.max(outA, 1e-6));
        data[o + 3] = Math.round(outA * 255);
      } else {
        for (let c = 0; c < 3; c++) data[o + c] = Math.round(lit[c]! * a + data[o + c]! * (1 - a));
      }
    }
  }
}
