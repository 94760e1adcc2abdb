// Places by and under water: beaches, the open sea, underwater and lakes.

import {
  type Canvas,
  capture,
  id,
  pick,
  range,
  ridge,
  ridgeAt,
  ridgePath,
  tone,
  verticalGradient,
} from './canvas.ts';
import { f, mix, multiply } from './colour.ts';
import type { Places } from './place.ts';
import { mountainRange, sunGlitter, water, waveLines } from './terrain.ts';
import { grassColour, grassTufts, hills, tree } from './vegetation.ts';

function palm(c: Canvas, x: number, base: number, h: number, lean: number) {
  const topX = x + lean * h * 0.35;
  const topY = base - h;
  const leaf = tone(c, '#3f9a4a');
  const dark = tone(c, '#2c7a3b');
  const fronds = [-2.6, -2.0, -1.2, -0.5, 0.3, 0.9]
    .map((a, i) => {
      const l = h * range(c, 0.38, 0.48);
      const ex = topX + Math.cos(a) * l * (a < -1.57 ? 1 : 1);
      const ey = topY + Math.sin(a) * l * 0.5 + l * 0.35;
      const mx = topX + Math.cos(a) * l * 0.5;
      const my = topY + Math.sin(a) * l * 0.5 - l * 0.08;
      return `<path d="M${f(topX)},${f(topY)}Q${f(mx)},${f(my - l * 0.25)} ${f(ex)},${f(ey)}Q${f(mx)},${f(my + l * 0.05)} ${f(topX)},${f(topY)}Z" fill="${i % 2 ? leaf : dark}"/>`;
    })
    .join('');
  return `<path d="M${f(x - h * 0.035)},${f(base)}Q${f(x + lean * h * 0.1)},${f(base - h * 0.6)} ${f(topX - h * 0.015)},${f(topY)}L${f(topX + h * 0.015)},${f(topY)}Q${f(x + lean * h * 0.1 + h * 0.05)},${f(base - h * 0.6)} ${f(x + h * 0.035)},${f(base)}Z" fill="${tone(c, '#a0724a')}"/>${fronds}<g fill="${tone(c, '#6b4a2a')}"><circle cx="${f(topX - 8)}" cy="${f(topY + 10)}" r="9"/><circle cx="${f(topX + 8)}" cy="${f(topY + 12)}" r="9"/></g>`;
}

export const WATER_PLACES: Places<'beach' | 'sea' | 'underwater' | 'lake'> = {
  beach: {
    horizon: 500,
    ground: [0.74, 0.97],
    paint(c, h) {
      water(c, h, 700, '#1f6fa8', '#3fc1c9');
      sunGlitter(c, h, 680);
      waveLines(c, h, 680, tone(c, '#e6fbff'), Math.round(c.w / 30));
      const shore = ridge(c, 690, 18, 0.6);
      c.body.push(
        `<path d="${ridgePath(shore.map((y) => y - 10))}" fill="${tone(c, '#ffffff')}" opacity="0.85"/>`,
        `<path d="${ridgePath(shore)}" fill="${tone(c, '#d9bf8c')}"/>`,
        `<path d="${ridgePath(shore.map((y) => y + 26))}" fill="${verticalGradient(c, 700, 1000, [
          [0, tone(c, '#f3dcaa')],
          [1, tone(c, '#e8c68a')],
        ])}"/>`,
      );
      const dots: string[] = [];
      for (let i = 0; i < c.w / 25; i++)
        dots.push(
          `<circle cx="${f(c.random() * c.w)}" cy="${f(range(c, 760, 1000))}" r="${f(range(c, 2, 4))}"/>`,
        );
      c.body.push(`<g fill="${tone(c, '#c9a66e')}">${dots.join('')}</g>`);
      const left = c.random() < 0.5;
      c.body.push(palm(c, left ? c.w * 0.08 : c.w * 0.92, 1000, range(c, 520, 640), left ? 1 : -1));
    },
  },
  sea: {
    horizon: 480,
    ground: [0.62, 0.95],
    paint(c, h) {
      if (c.random() < 0.6) {
        const x = c.random() * c.w;
        c.body.push(
          `<path d="M${f(x - 160)},${f(h + 2)}Q${f(x)},${f(h - 50)} ${f(x + 180)},${f(h + 2)}Z" fill="${tone(c, '#5a7f6a', 0.8)}"/>`,
        );
      }
      water(c, h, 1000, '#1b5e96', '#2b8fb8');
      sunGlitter(c, h, 900);
      const out: string[] = [];
      for (let y = h + 20, k = 0; y < 1040; k++) {
        const s = 14 + (y - h) * 0.12;
        const offset = (k % 2) * s + c.random() * s;
        for (let x = -offset; x < c.w + s * 2; x += s * 2.2) {
          out.push(
            `M${f(x)},${f(y)}q${f(s * 0.5)},${f(-s * 0.6)} ${f(s)},0q${f(-s * 0.2)},${f(-s * 0.2)} ${f(-s * 0.4)},${f(-s * 0.25)}`,
          );
        }
        y += s * 0.9;
      }
      c.body.push(
        `<path d="${out.join('')}" stroke="${tone(c, '#bfe9f5')}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.7"/>`,
      );
    },
  },
  underwater: {
    horizon: 0,
    ground: [0.8, 0.97],
    floating: true,
    ownSky: true,
    paint(c) {
      const deep = c.time === 'night' ? 0.35 : c.time === 'sunset' ? 0.75 : 1;
      const t = (hex: string) => multiply(hex, [deep, deep, deep]);
      c.body.push(
        `<rect width="${f(c.w)}" height="1000" fill="${verticalGradient(c, 0, 1000, [
          [0, t('#5fd0e6')],
          [0.45, t('#1f86b8')],
          [1, t('#0a3563')],
        ])}"/>`,
      );
      const ray = verticalGradient(c, 0, 900, [
        [0, '#e8fbff', 0.4],
        [1, '#e8fbff', 0],
      ]);
      const rays: string[] = [];
      for (let i = 0; i < 6; i++) {
        const x = c.random() * c.w;
        const w = range(c, 30, 80);
        rays.push(`M${f(x)},0L${f(x + w)},0L${f(x + w * 3 + 200)},900L${f(x + 150)},900Z`);
      }
      c.body.push(`<path d="${rays.join('')}" fill="${ray}"/>`);
      c.body.push(`<path d="${ridgePath(ridge(c, 60, 10, 3), 0)}" fill="${t('#b8f1fb')}" opacity="0.35"/>`);
      c.body.push(`<path d="${ridgePath(ridge(c, 760, 60, 1.2))}" fill="${t('#155a84')}"/>`);
      const floor = ridge(c, 860, 30, 0.8);
      c.body.push(
        `<path d="${ridgePath(floor)}" fill="${verticalGradient(c, 800, 1000, [
          [0, t('#a99f7c')],
          [1, t('#d9c996')],
        ])}"/>`,
      );
      const weeds: string[] = [];
      for (let i = 0; i < c.w / 70; i++) {
        const x = c.random() * c.w;
        const base = ridgeAt(floor, x) + 20;
        const hgt = range(c, 120, 320);
        const sway = range(c, 15, 35);
        weeds.push(
          `<path d="M${f(x)},${f(base)}q${f(sway)},${f(-hgt / 4)} 0,${f(-hgt / 2)}t0,${f(-hgt / 2)}" stroke="${t(pick(c, ['#2f9e6b', '#4bbf7f', '#3b8a5a']))}" stroke-width="${f(range(c, 9, 16))}" fill="none" stroke-linecap="round"/>`,
        );
      }
      for (let i = 0; i < c.w / 250; i++) {
        const x = c.random() * c.w;
        const base = ridgeAt(floor, x) + 10;
        const colour = t(pick(c, ['#ff7f7f', '#ff9f5a', '#e86aa8']));
        const branches = [-0.6, -0.25, 0.1, 0.45]
          .map((a) => `M${f(x)},${f(base)}q${f(a * 30)},-40 ${f(a * 90)},${f(-range(c, 70, 120))}`)
          .join('');
        weeds.push(
          `<path d="${branches}" stroke="${colour}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
        );
      }
      c.body.push(weeds.join(''));
      const bubbles: string[] = [];
      for (let i = 0; i < c.w / 40; i++) {
        const r = range(c, 4, 14);
        const x = c.random() * c.w;
        const y = range(c, 80, 800);
        bubbles.push(
          `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/><circle cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.35)}" r="${f(r * 0.22)}" fill="#ffffff" stroke="none"/>`,
        );
      }
      c.body.push(
        `<g stroke="#e6fbff" stroke-width="2.5" fill="#bdefff" fill-opacity="0.15" opacity="0.7">${bubbles.join('')}</g>`,
      );
    },
  },
  lake: {
    horizon: 520,
    ground: [0.82, 0.98],
    paint(c, h) {
      const shoreY = h + 50;
      const far = capture(c, () => {
        mountainRange(
          c,
          shoreY,
          h - 200,
          Math.max(2, Math.round(c.w / 350)),
          '#7d8cab',
          0.65,
          c.season === 'summer' ? 0.2 : 0.35,
        );
        hills(c, shoreY - 10, 25, mix(grassColour(c), '#2f6b4a', 0.4), 0.45, 0, 0, shoreY + 6);
        const line: string[] = [];
        for (let x = -10; x < c.w + 20; x += range(c, 22, 40))
          line.push(tree(c, x, shoreY + 4, range(c, 60, 110), 0.4, 0.6));
        c.body.push(line.join(''));
      });
      const clip = id(c, 'w');
      c.defs.push(
        `<clipPath id="${clip}"><rect y="${shoreY}" width="${f(c.w)}" height="${f(1000 - shoreY)}"/></clipPath>`,
      );
      water(c, shoreY, 900, '#3d7fa8', '#2a5f80');
      c.body.push(
        `<g clip-path="url(#${clip})" opacity="0.45"><g transform="translate(0,${f(shoreY * 2 + 2)}) scale(1,-1)">${far}</g></g>`,
        far,
      );
      const ripples: string[] = [];
      for (let i = 0; i < c.w / 18; i++) {
        const y = range(c, shoreY + 10, 820);
        ripples.push(
          `<rect x="${f(c.random() * c.w)}" y="${f(y)}" width="${f(range(c, 20, 90) * (y / 700))}" height="3" rx="1.5"/>`,
        );
      }
      c.body.push(`<g fill="${tone(c, '#e6f4ff')}" opacity="0.45">${ripples.join('')}</g>`);
      const grass = grassColour(c);
      c.body.push(
        `<path d="${ridgePath(ridge(c, 830, 25, 0.5))}" fill="${verticalGradient(c, 790, 1000, [
          [0, tone(c, grass)],
          [1, tone(c, mix(grass, '#1f4f2a', 0.3))],
        ])}"/>`,
      );
      const reeds: string[] = [];
      const rx = c.random() < 0.5 ? c.w * 0.08 : c.w * 0.88;
      for (let i = 0; i < 9; i++) {
        const x = rx + range(c, -60, 60);
        const top = range(c, 640, 720);
        reeds.push(`M${f(x)},860L${f(x + range(c, -10, 10))},${f(top)}`);
      }
      c.body.push(
        `<path d="${reeds.join('')}" stroke="${tone(c, '#4f7a3a')}" stroke-width="5" stroke-linecap="round"/>`,
      );
      if (c.season !== 'winter') grassTufts(c, Math.round(c.w / 25), 860, mix(grass, '#1f5a2a', 0.4));
    },
  },
};
