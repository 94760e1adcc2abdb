// Trees, hills and grass by season: what most outdoor places, props and window views are made of.
import type { SceneSeason } from '@pictura/common/scene';
import { type Canvas, pick, range, ridge, ridgeAt, ridgePath, tone } from './canvas.ts';
import { f, mix } from './colour.ts';

const FOLIAGE: Record<SceneSeason, string[]> = {
  spring: ['#7fcb5c', '#92d66c', '#6cbc52'],
  summer: ['#2f8c45', '#3b9a4b', '#2a7d3e'],
  autumn: ['#e07b2b', '#c9452d', '#eeb236', '#d65f2a'],
  winter: ['#6f8a7a'],
};
export const GRASS: Record<SceneSeason, string> = {
  spring: '#8dd066',
  summer: '#62ad47',
  autumn: '#b4a14d',
  winter: '#edf2f8',
};
const PINE = '#2e6b4a';
const TRUNK = '#7a4e2d';

export function pine(
  c: Canvas,
  x: number,
  base: number,
  h: number,
  depth: number,
  snowy = c.season === 'winter',
) {
  const leaf = tone(c, PINE, depth);
  const shade = tone(c, '#234f38', depth);
  const parts = [
    `<rect x="${f(x - h * 0.035)}" y="${f(base - h * 0.16)}" width="${f(h * 0.07)}" height="${f(h * 0.16)}" fill="${tone(c, TRUNK, depth)}"/>`,
  ];
  for (let i = 0; i < 3; i++) {
    const top = base - h + i * h * 0.25;
    const bottom = top + h * 0.4;
    const hw = h * (0.17 + 0.07 * i);
    parts.push(
      `<path d="M${f(x)},${f(top)}L${f(x - hw)},${f(bottom)}L${f(x + hw)},${f(bottom)}Z" fill="${leaf}"/>`,
      `<path d="M${f(x)},${f(top)}L${f(x + hw)},${f(bottom)}L${f(x + hw * 0.1)},${f(bottom)}Z" fill="${shade}"/>`,
    );
    if (snowy) {
      const s = 0.45;
      parts.push(
        `<path d="M${f(x)},${f(top)}L${f(x - hw * s)},${f(top + h * 0.4 * s)}L${f(x - hw * 0.2)},${f(top + h * 0.14)}L${f(x)},${f(top + h * 0.19)}L${f(x + hw * 0.22)},${f(top + h * 0.13)}L${f(x + hw * s)},${f(top + h * 0.4 * s)}Z" fill="${tone(c, '#f4f8fc', depth)}"/>`,
      );
    }
  }
  return parts.join('');
}

export function roundTree(c: Canvas, x: number, base: number, h: number, depth: number): string {
  const trunk = tone(c, TRUNK, depth);
  if (c.season === 'winter') return bareTree(c, x, base, h, depth);
  const leaf = pick(c, FOLIAGE[c.season]);
  const r = h * 0.3;
  const cy = base - h + r;
  const parts = [
    `<path d="M${f(x - h * 0.04)},${f(base)}L${f(x - h * 0.025)},${f(cy)}L${f(x + h * 0.025)},${f(cy)}L${f(x + h * 0.04)},${f(base)}Z" fill="${trunk}"/>`,
    `<g fill="${tone(c, mix(leaf, '#000000', 0.18), depth)}"><circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}"/><circle cx="${f(x - r * 0.7)}" cy="${f(cy + r * 0.45)}" r="${f(r * 0.62)}"/><circle cx="${f(x + r * 0.72)}" cy="${f(cy + r * 0.4)}" r="${f(r * 0.66)}"/></g>`,
    `<g fill="${tone(c, leaf, depth)}"><circle cx="${f(x - r * 0.12)}" cy="${f(cy - r * 0.08)}" r="${f(r * 0.84)}"/><circle cx="${f(x - r * 0.72)}" cy="${f(cy + r * 0.36)}" r="${f(r * 0.48)}"/></g>`,
    `<circle cx="${f(x - r * 0.3)}" cy="${f(cy - r * 0.3)}" r="${f(r * 0.35)}" fill="${tone(c, mix(leaf, '#ffffff', 0.22), depth)}"/>`,
  ];
  if (c.season === 'spring' && depth < 0.7) {
    const dots: string[] = [];
    for (let i = 0; i < 9; i++) {
      const a = c.random() * Math.PI * 2;
      const d = Math.sqrt(c.random()) * r * 0.85;
      dots.push(
        `<circle cx="${f(x + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(r * 0.09)}"/>`,
      );
    }
    parts.push(`<g fill="${tone(c, '#f9c0d8', depth)}">${dots.join('')}</g>`);
  }
  return parts.join('');
}

function bareTree(c: Canvas, x: number, base: number, h: number, depth: number): string {
  const lines: string[] = [];
  const branch = (x0: number, y0: number, angle: number, length: number, width: number, level: number) => {
    const x1 = x0 + Math.sin(angle) * length;
    const y1 = y0 - Math.cos(angle) * length;
    lines.push(`<path d="M${f(x0)},${f(y0)}L${f(x1)},${f(y1)}" stroke-width="${f(width)}"/>`);
    if (level === 0) return;
    for (const turn of [-0.5, 0.45]) {
      branch(
        x1,
        y1,
        angle + turn + range(c, -0.15, 0.15),
        length * range(c, 0.6, 0.75),
        width * 0.6,
        level - 1,
      );
    }
  };
  branch(x, base, range(c, -0.05, 0.05), h * 0.38, h * 0.06, 3);
  return `<g stroke="${tone(c, '#6b4a35', depth)}" stroke-linecap="round">${lines.join('')}</g>`;
}

/** A tree that fits the season: deciduous ones are bare in winter, pines keep their needles. */
export function tree(c: Canvas, x: number, base: number, h: number, depth: number, pineShare = 0.4) {
  return c.random() < pineShare ? pine(c, x, base, h * 1.1, depth) : roundTree(c, x, base, h, depth);
}

/** Rolling hills with a few trees on the crest. */
export function hills(
  c: Canvas,
  base: number,
  amplitude: number,
  colour: string,
  depth: number,
  trees = 0,
  pineShare = 0.4,
  bottom = 1000,
) {
  const ys = ridge(c, base, amplitude, 0.8);
  c.body.push(`<path d="${ridgePath(ys, bottom)}" fill="${tone(c, colour, depth)}"/>`);
  const out: string[] = [];
  for (let i = 0; i < trees; i++) {
    const x = c.random() * c.w;
    out.push(tree(c, x, ridgeAt(ys, x) + 8, range(c, 50, 90) * (1.2 - depth), depth, pineShare));
  }
  c.body.push(out.join(''));
  return ys;
}

export function grassColour(c: Canvas) {
  return GRASS[c.season];
}

export function flowers(c: Canvas, count: number, top: number) {
  if (c.season === 'winter') return;
  const colours =
    c.season === 'autumn' ? ['#f2c14e', '#e8703a'] : ['#ffffff', '#ffd84d', '#ff8fb8', '#b58cff', '#ff6b6b'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = top + (1000 - top) * c.random() ** 0.8;
    const s = 3 + (9 * (y - top)) / (1000 - top);
    out.push(
      `<circle cx="${f(c.random() * c.w)}" cy="${f(y)}" r="${f(s)}" fill="${tone(c, pick(c, colours))}"/>`,
    );
  }
  c.body.push(out.join(''));
}

export function grassTufts(c: Canvas, count: number, top: number, colour: string) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = top + (1000 - top) * c.random();
    const s = 6 + (18 * (y - top)) / (1000 - top);
    const x = c.random() * c.w;
    out.push(
      `M${f(x - s * 0.5)},${f(y - s)}L${f(x)},${f(y)}L${f(x + s * 0.1)},${f(y - s * 1.3)}M${f(x)},${f(y)}L${f(x + s * 0.6)},${f(y - s * 0.9)}`,
    );
  }
  c.body.push(
    `<path d="${out.join('')}" stroke="${tone(c, colour)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  );
}
