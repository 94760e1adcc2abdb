// Landforms more than one kind of place stands on: mountain ranges, and open water with its glitter and waves.

import { type Canvas, range, tone, verticalGradient } from './canvas.ts';
import { f, mix } from './colour.ts';

export function water(c: Canvas, top: number, bottom: number, deep: string, shallow: string) {
  const far = mix(tone(c, deep, 0), c.sky.haze, 0.35);
  c.body.push(
    `<rect y="${f(top)}" width="${f(c.w)}" height="${f(bottom - top)}" fill="${verticalGradient(
      c,
      top,
      bottom,
      [
        [0, far],
        [1, tone(c, shallow)],
      ],
    )}"/>`,
  );
}

export function sunGlitter(c: Canvas, top: number, bottom: number) {
  if (c.weather === 'rain' || c.weather === 'storm' || c.weather === 'fog') return;
  const colour = c.time === 'night' ? '#e8ecff' : c.sky.sun;
  const out: string[] = [];
  for (let i = 0; i < 26; i++) {
    const t = c.random();
    const y = top + 6 + (bottom - top) * t;
    const w = (10 + 60 * t) * range(c, 0.4, 1.2);
    out.push(
      `<rect x="${f(c.sunX - w / 2 + range(c, -1, 1) * (20 + 80 * t))}" y="${f(y)}" width="${f(w)}" height="${f(2 + 3 * t)}" rx="2"/>`,
    );
  }
  c.body.push(`<g fill="${colour}" opacity="0.55">${out.join('')}</g>`);
}

export function waveLines(c: Canvas, top: number, bottom: number, colour: string, count: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = c.random() ** 1.4;
    const y = top + 10 + (bottom - top - 10) * t;
    const w = 20 + 90 * t;
    const x = c.random() * c.w;
    out.push(`M${f(x)},${f(y)}q${f(w / 4)},${f(-w / 10)} ${f(w / 2)},0t${f(w / 2)},0`);
  }
  c.body.push(
    `<path d="${out.join('')}" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.6"/>`,
  );
}

/** Mountain peaks with jittered flanks, a shadow face away from the sun and, where `snow`, caps. */
export function mountainRange(
  c: Canvas,
  base: number,
  top: number,
  count: number,
  rock: string,
  depth: number,
  snow: number,
) {
  const out: string[] = [];
  const lit = tone(c, rock, depth);
  const dark = tone(c, mix(rock, '#1c2236', 0.3), depth);
  const white = tone(c, '#f4f7fb', depth);
  const shadowRight = c.sunX < c.w / 2;
  for (let i = 0; i < count; i++) {
    const ax = ((i + range(c, 0.1, 0.9)) / count) * c.w;
    const ay = range(c, top, top + (base - top) * 0.45);
    const half = (base - ay) * range(c, 1.0, 1.6);
    const jitter = [...Array(5)].map(() => range(c, -1, 1) * half * 0.05);
    const edge = (side: number, t: number, k: number) => [
      ax + side * half * t + (k > 0 && k < 5 ? jitter[k - 1] : 0),
      ay + (base - ay) * t,
    ];
    const flank = (side: number, from: number, to: number) =>
      [0, 1, 2, 3, 4, 5]
        .map((k) => from + ((to - from) * k) / 5)
        .map((t, k) => edge(side, t, Math.round(t * 5) || k * 0))
        .map(([x, y]) => `${f(x)},${f(y)}`);
    const left = flank(-1, 0, 1);
    const right = flank(1, 0, 1);
    out.push(`<path d="M${[...left.reverse(), ...right.slice(1)].join('L')}Z" fill="${lit}"/>`);
    const s = shadowRight ? 1 : -1;
    const foot = ax + s * half * range(c, 0.05, 0.3);
    out.push(
      `<path d="M${f(ax)},${f(ay)}L${flank(s, 0, 1).slice(1).join('L')}L${f(foot)},${f(base)}Z" fill="${dark}"/>`,
    );
    if (snow > 0) {
      const t = snow * range(c, 0.7, 1.1);
      const [lx, ly] = edge(-1, t, 0);
      const [rx, ry] = edge(1, t, 0);
      const zig = [0.2, 0.4, 0.6, 0.8].map(
        (u, k) => `${f(lx + (rx - lx) * u)},${f(ly + (ry - ly) * u + (k % 2 ? -1 : 1) * (base - ay) * 0.06)}`,
      );
      out.push(
        `<path d="M${f(ax)},${f(ay)}L${f(lx)},${f(ly)}L${zig.join('L')}L${f(rx)},${f(ry)}Z" fill="${white}"/>`,
      );
    }
  }
  c.body.push(out.join(''));
}
