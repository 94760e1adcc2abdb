// Built places: a city skyline and a street, with their buildings and street lamps.

import { type Canvas, pick, radialGlow, range, tone, verticalGradient } from './canvas.ts';
import { f, mix } from './colour.ts';
import type { Places } from './place.ts';
import { roundTree } from './vegetation.ts';

function buildings(c: Canvas, base: number, minH: number, maxH: number, depth: number, windows: boolean) {
  const palette = ['#8fa3b8', '#b7a99a', '#7f8fa6', '#c9b8a6', '#9eb0c2', '#a6b29c', '#c4a0a0'];
  const night = c.time === 'night';
  const out: string[] = [];
  let x = -range(c, 0, 60);
  while (x < c.w) {
    const w = range(c, 70, 150) * (1 - depth * 0.3);
    const h = range(c, minH, maxH);
    const top = base - h;
    const body = tone(c, pick(c, palette), depth);
    out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w + 1)}" height="${f(h)}" fill="${body}"/>`);
    out.push(
      `<rect x="${f(x + w * 0.78)}" y="${f(top)}" width="${f(w * 0.22 + 1)}" height="${f(h)}" fill="#000000" opacity="0.12"/>`,
    );
    const roof = c.random();
    if (roof < 0.25)
      out.push(`<rect x="${f(x + w * 0.45)}" y="${f(top - 40)}" width="3" height="40" fill="${body}"/>`);
    else if (roof < 0.45)
      out.push(
        `<rect x="${f(x + w * 0.15)}" y="${f(top - 18)}" width="${f(w * 0.7)}" height="19" fill="${body}"/>`,
      );
    else if (roof < 0.55)
      out.push(
        `<path d="M${f(x)},${f(top)}L${f(x + w / 2)},${f(top - w * 0.45)}L${f(x + w)},${f(top)}Z" fill="${body}"/>`,
      );
    if (windows) {
      const cols = Math.max(2, Math.floor(w / 24));
      const gap = w / cols;
      const lit = tone(c, '#dfeaf3', depth);
      const dark = tone(c, '#4a5566', depth);
      for (let y = top + 16; y < base - 24; y += 28) {
        for (let k = 0; k < cols; k++) {
          const on = night ? c.random() < 0.45 : c.random() < 0.75;
          const colour = night ? (on ? mix('#ffd36e', c.sky.haze, depth * 0.5) : dark) : on ? lit : dark;
          out.push(
            `<rect x="${f(x + k * gap + gap * 0.25)}" y="${f(y)}" width="${f(gap * 0.5)}" height="14" fill="${colour}"/>`,
          );
        }
      }
    }
    x += w;
  }
  c.body.push(out.join(''));
}

function lamp(c: Canvas, x: number, base: number, h: number) {
  const post = tone(c, '#3b4350');
  const on = c.time === 'night' || c.weather === 'storm';
  const glow = on
    ? `<circle cx="${f(x)}" cy="${f(base - h + 12)}" r="${f(h * 0.5)}" fill="${radialGlow(c, '#ffd98a', 0.55)}"/>`
    : '';
  return `<rect x="${f(x - 4)}" y="${f(base - h)}" width="8" height="${f(h)}" fill="${post}"/><rect x="${f(x - 12)}" y="${f(base - 8)}" width="24" height="8" rx="3" fill="${post}"/><path d="M${f(x - 16)},${f(base - h)}L${f(x + 16)},${f(base - h)}L${f(x + 10)},${f(base - h + 26)}L${f(x - 10)},${f(base - h + 26)}Z" fill="${on ? '#ffe7a8' : tone(c, '#d9dde3')}"/><rect x="${f(x - 18)}" y="${f(base - h - 8)}" width="36" height="9" rx="4" fill="${post}"/>${glow}`;
}

export const URBAN_PLACES: Places<'city' | 'street'> = {
  city: {
    horizon: 640,
    ground: [0.78, 0.97],
    paint(c, h) {
      buildings(c, h + 40, 180, 420, 0.65, c.time === 'night');
      buildings(c, h + 120, 120, 360, 0.2, true);
      c.body.push(
        `<rect y="${f(h + 120)}" width="${f(c.w)}" height="${f(880 - h)}" fill="${verticalGradient(
          c,
          h + 120,
          1000,
          [
            [0, tone(c, '#b9b4ab')],
            [1, tone(c, '#d6d0c4')],
          ],
        )}"/>`,
      );
      const trees: string[] = [];
      for (let x = range(c, 30, 120); x < c.w; x += range(c, 220, 340)) {
        trees.push(
          c.random() < 0.5 ? roundTree(c, x, h + 150, range(c, 110, 150), 0.05) : lamp(c, x, h + 150, 170),
        );
      }
      c.body.push(trees.join(''));
    },
  },
  street: {
    horizon: 730,
    ground: [0.76, 0.97],
    paint(c) {
      const night = c.time === 'night';
      const fronts = ['#e8a87c', '#c38d9e', '#8fb9a8', '#f2d8a7', '#9fb6d6', '#d9a0a0', '#b5c99a'];
      const walk = 740;
      const out: string[] = [];
      let x = -range(c, 0, 80);
      while (x < c.w) {
        const w = range(c, 220, 340);
        const top = range(c, 80, 280);
        const wall = tone(c, pick(c, fronts));
        out.push(
          `<rect x="${f(x)}" y="${f(top)}" width="${f(w + 1)}" height="${f(walk - top)}" fill="${wall}"/>`,
        );
        out.push(
          `<rect x="${f(x - 6)}" y="${f(top - 14)}" width="${f(w + 12)}" height="18" fill="${tone(c, '#6b5a55')}"/>`,
        );
        const glass = night ? (c.random() < 0.7 ? '#ffd36e' : '#2a3350') : tone(c, '#bcd8ea');
        for (let y = top + 40; y < walk - 260; y += 110) {
          for (const u of [0.15, 0.6]) {
            const lit = night ? (c.random() < 0.6 ? '#ffd36e' : tone(c, '#3a4466')) : glass;
            out.push(
              `<rect x="${f(x + w * u - 4)}" y="${f(y - 4)}" width="${f(w * 0.25 + 8)}" height="78" fill="${tone(c, '#f4efe6')}"/>`,
              `<rect x="${f(x + w * u)}" y="${f(y)}" width="${f(w * 0.25)}" height="70" fill="${lit}"/>`,
            );
          }
        }
        const shopTop = walk - 200;
        const awning = pick(c, ['#d94f4f', '#3f7fbf', '#3f9f6f', '#e0a030']);
        out.push(
          `<rect x="${f(x + w * 0.08)}" y="${f(shopTop + 40)}" width="${f(w * 0.5)}" height="${f(160)}" fill="${night ? '#ffcf7a' : tone(c, '#a9cfe0')}"/>`,
          `<rect x="${f(x + w * 0.66)}" y="${f(shopTop + 50)}" width="${f(w * 0.24)}" height="150" fill="${tone(c, '#5a3f32')}"/>`,
          `<path d="M${f(x + w * 0.04)},${f(shopTop)}L${f(x + w * 0.62)},${f(shopTop)}L${f(x + w * 0.66)},${f(shopTop + 40)}L${f(x)},${f(shopTop + 40)}Z" fill="${tone(c, awning)}"/>`,
        );
        if (night && c.random() < 0.7) {
          const neon = pick(c, ['#ff3fb4', '#3ff0ff', '#b36bff']);
          out.push(
            `<rect x="${f(x + w * 0.15)}" y="${f(shopTop - 70)}" width="${f(w * 0.4)}" height="34" rx="17" fill="none" stroke="${neon}" stroke-width="22" stroke-opacity="0.3"/>`,
            `<rect x="${f(x + w * 0.15)}" y="${f(shopTop - 70)}" width="${f(w * 0.4)}" height="34" rx="17" fill="none" stroke="${mix(neon, '#ffffff', 0.5)}" stroke-width="5"/>`,
          );
        }
        x += w;
      }
      c.body.push(out.join(''));
      const slabs: string[] = [];
      for (let sx = 0; sx < c.w; sx += 90) slabs.push(`M${sx},${walk}L${sx - 20},820`);
      c.body.push(
        `<rect y="${walk}" width="${f(c.w)}" height="80" fill="${tone(c, '#cfc9c0')}"/>`,
        `<path d="${slabs.join('')}M0,780L${f(c.w)},780" stroke="${tone(c, '#b3ada4')}" stroke-width="2.5"/>`,
        `<rect y="820" width="${f(c.w)}" height="16" fill="${tone(c, '#e6e2db')}"/>`,
        `<rect y="836" width="${f(c.w)}" height="164" fill="${tone(c, '#4a4d55')}"/>`,
      );
      const dashes: string[] = [];
      for (let dx = range(c, 0, 80); dx < c.w; dx += 160)
        dashes.push(`<rect x="${f(dx)}" y="912" width="90" height="10" rx="4"/>`);
      c.body.push(`<g fill="${tone(c, '#f2f0e8')}">${dashes.join('')}</g>`);
      const lamps: string[] = [];
      for (let lx = range(c, 60, 200); lx < c.w; lx += range(c, 380, 480)) lamps.push(lamp(c, lx, 815, 330));
      c.body.push(lamps.join(''));
    },
  },
};
