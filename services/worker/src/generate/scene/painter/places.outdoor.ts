// Green places: open land, meadows, fields, forests and gardens, their look following the season.
import type { SceneSeason } from '@pictura/common/scene';
import { type Canvas, pick, range, ridge, ridgePath, tone, verticalGradient } from './canvas.ts';
import { f, mix } from './colour.ts';
import type { Places } from './place.ts';
import { flowers, GRASS, grassColour, grassTufts, hills, tree } from './vegetation.ts';

/** Green (or seasonal) land: far hills with trees, nearer hills, a foreground meadow. */
function openLand(c: Canvas, horizon: number, flowerCount: number) {
  const grass = grassColour(c);
  hills(c, horizon + 20, 70, mix(grass, '#3c7a5a', 0.35), 0.85, Math.round(c.w / 90), 0.5);
  hills(c, horizon + 90, 60, mix(grass, '#2f6b3a', 0.15), 0.5, Math.round(c.w / 260));
  const near = ridge(c, horizon + 180, 30, 0.6);
  c.body.push(
    `<path d="${ridgePath(near)}" fill="${verticalGradient(c, horizon + 140, 1000, [
      [0, tone(c, grass, 0.15)],
      [1, tone(c, mix(grass, '#1f4f2a', 0.25))],
    ])}"/>`,
  );
  if (c.season !== 'winter') grassTufts(c, Math.round(c.w / 14), horizon + 220, mix(grass, '#1f5a2a', 0.4));
  flowers(c, flowerCount, horizon + 200);
}

export const OUTDOOR_PLACES: Places<'land' | 'meadow' | 'field' | 'forest' | 'garden'> = {
  land: { horizon: 560, ground: [0.66, 0.97], paint: (c, h) => openLand(c, h, 0) },
  meadow: {
    horizon: 560,
    ground: [0.66, 0.97],
    paint: (c, h) => openLand(c, h, Math.round(c.w / 9)),
  },
  field: {
    horizon: 540,
    ground: [0.68, 0.97],
    paint(c, h) {
      const grass = grassColour(c);
      hills(c, h + 15, 50, mix(grass, '#3c7a5a', 0.35), 0.85, Math.round(c.w / 120), 0.2);
      const patches = ['#a9c96a', '#d9c26a', '#88b75a', '#c9a35a'];
      let x = 0;
      while (x < c.w) {
        const w = range(c, 120, 260);
        const colour = c.season === 'winter' ? '#e8eef5' : pick(c, patches);
        c.body.push(
          `<rect x="${f(x)}" y="${f(h + 25)}" width="${f(w + 1)}" height="60" fill="${tone(c, colour, 0.55)}"/>`,
        );
        x += w;
      }
      const rows: Record<SceneSeason, [string, string]> = {
        spring: ['#8fcf5f', '#6fb04a'],
        summer: ['#ecc65c', '#d6a23e'],
        autumn: ['#b7773e', '#93592c'],
        winter: ['#f2f5f9', '#d5dfea'],
      };
      const [a, b] = rows[c.season];
      const top = h + 80;
      const vx = c.w * range(c, 0.35, 0.65);
      const vy = h - 60;
      c.body.push(
        `<rect y="${f(top)}" width="${f(c.w)}" height="${f(1000 - top)}" fill="${tone(c, a, 0.1)}"/>`,
      );
      const stripes: string[] = [];
      const t = (top - vy) / (1000 - vy);
      for (let xb = -2 * c.w; xb < 3 * c.w; xb += 140) {
        const x0 = vx + (xb - vx) * t;
        const x1 = vx + (xb + 70 - vx) * t;
        stripes.push(`M${f(x0)},${f(top)}L${f(x1)},${f(top)}L${f(xb + 70)},1000L${f(xb)},1000Z`);
      }
      c.body.push(`<path d="${stripes.join('')}" fill="${tone(c, b, 0.1)}"/>`);
      if (c.season === 'summer') {
        const ears: string[] = [];
        for (let i = 0; i < c.w / 8; i++) {
          const x = c.random() * c.w;
          const y = 880 + c.random() * 130;
          ears.push(`M${f(x)},${f(y)}l${f(range(c, -6, 6))},-38`);
        }
        c.body.push(
          `<path d="${ears.join('')}" stroke="${tone(c, '#f6d77a')}" stroke-width="5" stroke-linecap="round"/>`,
        );
      }
    },
  },
  forest: {
    horizon: 580,
    ground: [0.7, 0.97],
    paint(c, h) {
      const grass = c.season === 'winter' ? GRASS.winter : mix(grassColour(c), '#2f5a2a', 0.35);
      const layers = [
        { base: h + 40, size: 120, depth: 0.85, gap: 34 },
        { base: h + 90, size: 190, depth: 0.55, gap: 55 },
        { base: h + 150, size: 260, depth: 0.3, gap: 90 },
      ];
      c.body.push(`<path d="${ridgePath(ridge(c, h + 20, 30))}" fill="${tone(c, '#3f6b58', 0.9)}"/>`);
      for (const layer of layers) {
        const out: string[] = [];
        for (let x = -20; x < c.w + 40; x += layer.gap * range(c, 0.7, 1.3)) {
          out.push(
            tree(c, x, layer.base + range(c, -10, 10), layer.size * range(c, 0.75, 1.2), layer.depth, 0.55),
          );
        }
        c.body.push(out.join(''));
        c.body.push(
          `<rect y="${f(layer.base)}" width="${f(c.w)}" height="${f(1000 - layer.base)}" fill="${tone(c, grass, layer.depth * 0.8)}"/>`,
        );
      }
      c.body.push(
        `<path d="${ridgePath(ridge(c, h + 200, 20, 0.5))}" fill="${verticalGradient(c, h + 180, 1000, [
          [0, tone(c, grass, 0.15)],
          [1, tone(c, mix(grass, '#1f3a1c', 0.2))],
        ])}"/>`,
      );
      const near: string[] = [];
      for (const x of [range(c, 0, 0.12) * c.w, range(c, 0.88, 1) * c.w]) {
        near.push(tree(c, x, 1000 + range(c, 0, 40), range(c, 560, 700), 0, 0.5));
      }
      c.body.push(near.join(''));
      if (c.season === 'autumn') flowers(c, Math.round(c.w / 12), h + 220);
      else if (c.season !== 'winter') grassTufts(c, Math.round(c.w / 16), h + 230, '#2d5a2a');
    },
  },
  garden: {
    horizon: 470,
    ground: [0.78, 0.97],
    paint(c, h) {
      const grass = grassColour(c);
      hills(c, h + 10, 30, mix(grass, '#3c7a5a', 0.35), 0.8, Math.round(c.w / 60), 0.2);
      const hedge = c.season === 'winter' ? '#5f7d68' : c.season === 'autumn' ? '#6f8a3c' : '#3f8a4a';
      const dark: string[] = [];
      const light: string[] = [];
      for (let x = 0; x < c.w + 70; x += 70) {
        const y = h + 60 + range(c, -10, 10);
        const r = range(c, 48, 62);
        dark.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/>`);
        light.push(`<circle cx="${f(x - r * 0.2)}" cy="${f(y - r * 0.15)}" r="${f(r * 0.7)}"/>`);
      }
      c.body.push(
        `<g fill="${tone(c, mix(hedge, '#000000', 0.2), 0.15)}">${dark.join('')}<rect y="${f(h + 60)}" width="${f(c.w)}" height="200"/></g>`,
        `<g fill="${tone(c, hedge, 0.15)}">${light.join('')}</g>`,
      );
      if (c.season === 'winter') {
        c.body.push(
          `<g fill="${tone(c, '#f4f8fc')}">${light.map((l) => l.replace(/r="([\d.]+)"/, (_, r) => `r="${f(Number(r) * 0.7)}"`)).join('')}</g>`,
        );
      }
      const lawnTop = h + 250;
      const stripes: string[] = [];
      for (let k = 0; k < 6; k += 2) {
        const y0 = lawnTop + (1000 - lawnTop) * (k / 6) ** 1.3;
        const y1 = lawnTop + (1000 - lawnTop) * ((k + 1) / 6) ** 1.3;
        stripes.push(`<rect y="${f(y0)}" width="${f(c.w)}" height="${f(y1 - y0)}"/>`);
      }
      c.body.push(
        `<rect y="${f(lawnTop)}" width="${f(c.w)}" height="${f(1000 - lawnTop)}" fill="${tone(c, grass)}"/>`,
        `<g fill="${tone(c, mix(grass, '#ffffff', 0.15))}">${stripes.join('')}</g>`,
      );
      const pickets: string[] = [];
      const fy = h + 150;
      for (let x = 10; x < c.w; x += 48) {
        pickets.push(
          `M${f(x)},${f(fy + 130)}L${f(x)},${f(fy)}L${f(x + 14)},${f(fy - 18)}L${f(x + 28)},${f(fy)}L${f(x + 28)},${f(fy + 130)}Z`,
        );
      }
      c.body.push(
        `<g fill="${tone(c, '#e2dccd')}"><rect y="${f(fy + 26)}" width="${f(c.w)}" height="14"/><rect y="${f(fy + 90)}" width="${f(c.w)}" height="14"/></g>`,
        `<path d="${pickets.join('')}" fill="${tone(c, '#f7f3ea')}"/>`,
      );
      if (c.season !== 'winter') {
        const bed: string[] = [];
        const colours = ['#ff6b8a', '#ffd84d', '#ffffff', '#b58cff', '#ff9a4d'];
        for (let x = 0; x < c.w; x += 15) {
          bed.push(
            `<circle cx="${f(x + range(c, -6, 6))}" cy="${f(fy + 120 + range(c, -30, 20))}" r="${f(range(c, 9, 14))}" fill="${tone(c, pick(c, colours))}"/>`,
          );
        }
        c.body.push(
          `<rect y="${f(fy + 85)}" width="${f(c.w)}" height="70" rx="35" fill="${tone(c, '#3f7a3a')}"/>${bed.join('')}`,
        );
      }
    },
  },
};
