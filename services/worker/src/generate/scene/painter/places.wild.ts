// Wild places: mountains, snowfields, deserts and sea cliffs.

import { range, ridge, ridgeAt, ridgePath, tone, verticalGradient } from './canvas.ts';
import { f, mix } from './colour.ts';
import type { Places } from './place.ts';
import { mountainRange, sunGlitter, water, waveLines } from './terrain.ts';
import { flowers, grassColour, hills, pine } from './vegetation.ts';

export const WILD_PLACES: Places<'mountains' | 'snow' | 'desert' | 'cliff'> = {
  mountains: {
    horizon: 620,
    ground: [0.74, 0.97],
    paint(c, h) {
      const snowLine = c.season === 'summer' ? 0.22 : c.season === 'winter' ? 0.5 : 0.32;
      mountainRange(c, h + 20, 140, Math.max(3, Math.round(c.w / 260)), '#7d8cab', 0.7, snowLine);
      mountainRange(c, h + 60, 300, Math.max(2, Math.round(c.w / 330)), '#5f6e8e', 0.38, snowLine * 0.8);
      const grass = grassColour(c);
      const ys = hills(c, h + 110, 40, mix(grass, '#2f6b4a', 0.3), 0.2, 0);
      const pines: string[] = [];
      for (let i = 0; i < c.w / 70; i++) {
        const x = c.random() * c.w;
        pines.push(pine(c, x, ridgeAt(ys, x) + 30, range(c, 80, 150), 0.25));
      }
      c.body.push(pines.join(''));
      c.body.push(
        `<path d="${ridgePath(ridge(c, h + 200, 25, 0.6))}" fill="${verticalGradient(c, h + 160, 1000, [
          [0, tone(c, grass, 0.1)],
          [1, tone(c, mix(grass, '#1f4f2a', 0.25))],
        ])}"/>`,
      );
      flowers(c, c.season === 'spring' || c.season === 'summer' ? Math.round(c.w / 25) : 0, h + 240);
    },
  },
  snow: {
    horizon: 580,
    ground: [0.7, 0.97],
    paint(c, h) {
      mountainRange(c, h + 20, 200, Math.max(3, Math.round(c.w / 280)), '#9fb2cc', 0.6, 0.6);
      const hillsOut = [
        { base: h + 60, colour: '#dfe8f3', depth: 0.45, pines: c.w / 60 },
        { base: h + 160, colour: '#eef3f9', depth: 0.15, pines: c.w / 240 },
      ];
      for (const layer of hillsOut) {
        const ys = ridge(c, layer.base, 45, 0.7);
        c.body.push(`<path d="${ridgePath(ys)}" fill="${tone(c, layer.colour, layer.depth)}"/>`);
        const out: string[] = [];
        for (let i = 0; i < layer.pines; i++) {
          const x = c.random() * c.w;
          out.push(
            pine(c, x, ridgeAt(ys, x) + 12, range(c, 90, 180) * (1.3 - layer.depth), layer.depth, true),
          );
        }
        c.body.push(out.join(''));
      }
      c.body.push(
        `<path d="${ridgePath(ridge(c, h + 250, 30, 0.5))}" fill="${verticalGradient(c, h + 200, 1000, [
          [0, tone(c, '#f7faff')],
          [1, tone(c, '#dbe6f2')],
        ])}"/>`,
      );
      const drifts: string[] = [];
      for (let i = 0; i < c.w / 120; i++) {
        drifts.push(
          `<ellipse cx="${f(c.random() * c.w)}" cy="${f(range(c, h + 300, 980))}" rx="${f(range(c, 60, 160))}" ry="${f(range(c, 6, 14))}"/>`,
        );
      }
      c.body.push(`<g fill="${tone(c, '#c9d8ea')}" opacity="0.7">${drifts.join('')}</g>`);
    },
  },
  desert: {
    horizon: 600,
    ground: [0.7, 0.97],
    paint(c, h) {
      const mesas: string[] = [];
      for (let i = 0; i < Math.max(2, c.w / 350); i++) {
        const x = c.random() * c.w;
        const w = range(c, 120, 260);
        const t = h - range(c, 60, 140);
        mesas.push(
          `M${f(x - w / 2 - 50)},${f(h + 10)}L${f(x - w / 2)},${f(t)}L${f(x + w / 2)},${f(t)}L${f(x + w / 2 + 50)},${f(h + 10)}Z`,
        );
      }
      c.body.push(`<path d="${mesas.join('')}" fill="${tone(c, '#cf8a5c', 0.6)}"/>`);
      const layers = [
        { base: h + 20, light: '#f0c987', shade: '#d9a466', depth: 0.5 },
        { base: h + 110, light: '#f4d193', shade: '#dfa862', depth: 0.25 },
        { base: h + 230, light: '#f7d89c', shade: '#e2ac66', depth: 0 },
      ];
      const shadowRight = c.sunX < c.w / 2;
      for (const layer of layers) {
        const out = [
          `<rect y="${f(layer.base)}" width="${f(c.w)}" height="${f(1000 - layer.base)}" fill="${tone(c, layer.light, layer.depth)}"/>`,
        ];
        let x = -range(c, 0, 200);
        while (x < c.w) {
          const w = range(c, 300, 600);
          const crestX = x + w * range(c, 0.4, 0.6);
          const crestY = layer.base - range(c, 50, 110);
          const x1 = x + w;
          out.push(
            `<path d="M${f(x)},${f(layer.base + 40)}Q${f(crestX - w * 0.15)},${f(crestY)} ${f(crestX)},${f(crestY)}Q${f(crestX + w * 0.2)},${f(crestY)} ${f(x1)},${f(layer.base + 40)}Z" fill="${tone(c, layer.light, layer.depth)}"/>`,
          );
          const s = shadowRight ? 1 : -1;
          const footFar = s > 0 ? x1 : x;
          out.push(
            `<path d="M${f(crestX)},${f(crestY)}Q${f(crestX + s * w * 0.2)},${f(crestY)} ${f(footFar)},${f(layer.base + 40)}L${f(crestX + s * w * 0.12)},${f(layer.base + 40)}Q${f(crestX + s * w * 0.02)},${f(crestY + 40)} ${f(crestX)},${f(crestY)}Z" fill="${tone(c, layer.shade, layer.depth)}"/>`,
          );
          x += w * range(c, 0.6, 0.9);
        }
        c.body.push(out.join(''));
      }
      const cacti: string[] = [];
      for (let i = 0; i < Math.max(1, Math.round(c.w / 400)); i++) {
        const x = c.random() * c.w;
        const base = range(c, h + 200, h + 330);
        const s = (base - h) / 2;
        const arm = (side: number, y: number, len: number) =>
          `M${f(x + side * s * 0.05)},${f(y)}L${f(x + side * s * 0.3)},${f(y)}L${f(x + side * s * 0.3)},${f(y - len)}`;
        cacti.push(
          `<path d="M${f(x)},${f(base)}L${f(x)},${f(base - s * 1.1)}${arm(-1, base - s * 0.5, s * 0.35)}${arm(1, base - s * 0.7, s * 0.3)}" stroke="${tone(c, '#4f8f4a')}" stroke-width="${f(s * 0.16)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
        );
      }
      c.body.push(cacti.join(''));
    },
  },
  cliff: {
    horizon: 470,
    ground: [0.6, 0.68],
    paint(c, h) {
      water(c, h, 1000, '#1f5f96', '#2f8fb0');
      sunGlitter(c, h, 800);
      waveLines(c, h, 1000, tone(c, '#d9f2fa'), Math.round(c.w / 25));
      const W = c.w;
      const edge = W * range(c, 0.58, 0.68);
      const top = ridge(c, 610, 14, 0.5).filter((_, i) => i * 10 <= edge);
      const ty = top[top.length - 1];
      const headland = `M${f(W * 0.7)},${h + 2}L${f(W * 0.74)},${h - 50}L${f(W * 0.9)},${h - 60}L${f(W + 10)},${h - 64}L${f(W + 10)},${h + 2}Z`;
      const face = [
        [edge + 25, ty + 30],
        [edge + 60, ty + 120],
        [edge + 45, ty + 200],
        [edge + 95, ty + 290],
        [edge + 85, ty + 340],
        [edge + 130, 1000],
      ];
      const rock = `M0,1000L0,${f(top[0] + 40)}L${f(edge)},${f(ty + 40)}${face.map(([x, y]) => `L${f(x)},${f(y)}`).join('')}Z`;
      const shadow = `M${f(edge)},${f(ty + 40)}${face.map(([x, y]) => `L${f(x)},${f(y)}`).join('')}L${f(edge - 60)},1000L${f(edge - 20)},${f(ty + 200)}Z`;
      const strata: string[] = [];
      for (let k = 1; k < 7; k++) {
        const y = ty + 40 + k * 55;
        strata.push(
          `M${f(range(c, 0, 0.2) * edge)},${f(y + range(c, -10, 10))}L${f(edge * range(c, 0.5, 0.85))},${f(y + range(c, -10, 10))}`,
        );
      }
      const grass = grassColour(c);
      const sod = `M0,${f(top[0] + 60)}${top.map((y, i) => `L${i * 10},${f(y)}`).join('')}L${f(edge + 20)},${f(ty + 26)}Q${f(edge / 2)},${f(ty + 70)} 0,${f(top[0] + 60)}Z`;
      const body = [
        `<path d="${headland}" fill="${tone(c, '#8a7a6a', 0.7)}"/>`,
        `<path d="M${f(W * 0.72)},${h - 46}L${f(W + 10)},${h - 56}L${f(W + 10)},${h - 64}L${f(W * 0.74)},${h - 50}Z" fill="${tone(c, grass, 0.7)}"/>`,
        `<path d="${rock}" fill="${tone(c, '#9a8068')}"/>`,
        `<path d="${shadow}" fill="${tone(c, '#6f5a48')}"/>`,
        `<path d="${strata.join('')}" stroke="${tone(c, '#7d6552')}" stroke-width="6" stroke-linecap="round"/>`,
        `<path d="M${f(edge + 60)},985Q${f(edge + 180)},950 ${f(edge + 320)},990" stroke="${tone(c, '#ffffff')}" stroke-width="12" fill="none" stroke-opacity="0.75" stroke-linecap="round"/>`,
        `<ellipse cx="${f(edge + 230)}" cy="965" rx="45" ry="22" fill="${tone(c, '#6f5a48')}"/>`,
        `<path d="${sod}" fill="${tone(c, grass)}"/>`,
      ].join('');
      const flip = c.random() < 0.5;
      c.body.push(flip ? `<g transform="translate(${f(W)},0) scale(-1,1)">${body}</g>` : body);
    },
  },
};
