// The sky behind a place (gradient, sun or moon and stars, clouds, lightning) and the weather in front of it.
import type { SceneWeather } from '@pictura/common/scene';
import { type Canvas, radialGlow, range, verticalGradient } from './canvas.ts';
import { f, mix } from './colour.ts';

/** A flat cloud: overlapping puffs on a flat base, its underside a shade darker. */
export function cloud(c: Canvas, x: number, y: number, size: number, fill: string, shade: string): string {
  const puffs = 3 + Math.floor(c.random() * 3);
  const circles: [number, number, number][] = [];
  for (let i = 0; i < puffs; i++) {
    const t = i / (puffs - 1);
    const r = size * (0.2 + 0.2 * Math.sin(Math.PI * t) + c.random() * 0.08);
    circles.push([x + (t - 0.5) * size * 1.1, y - r * 0.55, r]);
  }
  const shape = (dy: number, colour: string, shrink: number) =>
    `<g fill="${colour}">${circles.map(([cx, cy, r]) => `<circle cx="${f(cx)}" cy="${f(cy + dy)}" r="${f(r - shrink)}"/>`).join('')}<rect x="${f(x - size * 0.75 + shrink)}" y="${f(y - size * 0.16 + dy)}" width="${f(size * 1.5 - 2 * shrink)}" height="${f(size * 0.2)}" rx="${f(size * 0.1)}"/></g>`;
  return shape(0, shade, 0) + shape(-size * 0.06, fill, size * 0.03);
}

export function clouds(
  c: Canvas,
  count: number,
  top: number,
  bottom: number,
  scale = 1,
  fill?: string,
  shade?: string,
) {
  const out: string[] = [];
  const slots = [...Array(count).keys()].map((i) => ((i + c.random() * 0.8) / count) * c.w);
  for (const x of slots) {
    const y = range(c, top, bottom);
    const size = range(c, 130, 240) * scale * (0.7 + (0.5 * (y - top)) / Math.max(1, bottom - top));
    out.push(cloud(c, x, y, size, fill ?? c.sky.cloud, shade ?? c.sky.cloudShade));
  }
  c.body.push(out.join(''));
}

export function stars(c: Canvas, bottom: number, count: number, colour = '#ffffff') {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.random() * c.w;
    const y = c.random() ** 1.3 * bottom;
    const r = c.random() < 0.08 ? range(c, 2.6, 3.8) : range(c, 0.9, 2.2);
    out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill-opacity="${f(range(c, 0.45, 1))}"/>`);
    if (r > 3) {
      const l = r * 3.5;
      out.push(
        `<path d="M${f(x - l)},${f(y)}L${f(x + l)},${f(y)}M${f(x)},${f(y - l)}L${f(x)},${f(y + l)}" stroke="${colour}" stroke-width="1.2" stroke-opacity="0.7"/>`,
      );
    }
  }
  c.body.push(`<g fill="${colour}">${out.join('')}</g>`);
}

/** The sky above `horizon`: gradient, sun or moon and stars, and the clouds its weather brings. */
export function paintSky(c: Canvas, horizon: number) {
  c.body.push(
    `<rect width="${f(c.w)}" height="1000" fill="${verticalGradient(
      c,
      0,
      horizon,
      c.sky.stops.map(([o, col]) => [o, col]),
    )}"/>`,
  );
  const { time, weather } = c;
  const hidden = weather === 'rain' || weather === 'storm';
  const r = c.sky.sunRadius;
  if (time === 'night') {
    if (weather !== 'storm') stars(c, horizon * 0.92, Math.round((c.w / 1000) * (hidden ? 40 : 150)));
    if (!hidden) {
      c.body.push(
        `<circle cx="${f(c.sunX)}" cy="${f(c.sunY)}" r="${r * 5}" fill="${radialGlow(c, '#c9d6ff', 0.35)}"/>`,
        `<circle cx="${f(c.sunX)}" cy="${f(c.sunY)}" r="${r}" fill="${c.sky.sun}"/>`,
        `<g fill="#d8d2b6"><circle cx="${f(c.sunX - r * 0.35)}" cy="${f(c.sunY - r * 0.2)}" r="${f(r * 0.22)}"/><circle cx="${f(c.sunX + r * 0.3)}" cy="${f(c.sunY + r * 0.3)}" r="${f(r * 0.15)}"/><circle cx="${f(c.sunX + r * 0.15)}" cy="${f(c.sunY - r * 0.45)}" r="${f(r * 0.1)}"/></g>`,
      );
    }
  } else if (!hidden) {
    const glow = time === 'sunset' ? '#ffb347' : time === 'dawn' ? '#ffd2b0' : '#fffbe6';
    const fade = weather === 'fog' || weather === 'snowfall' ? 0.55 : 1;
    c.body.push(
      `<g opacity="${fade}"><circle cx="${f(c.sunX)}" cy="${f(c.sunY)}" r="${r * 6}" fill="${radialGlow(c, glow, 0.6)}"/>`,
      `<circle cx="${f(c.sunX)}" cy="${f(c.sunY)}" r="${r * 1.35}" fill="${c.sky.sun}" opacity="0.35"/>`,
      `<circle cx="${f(c.sunX)}" cy="${f(c.sunY)}" r="${r}" fill="${c.sky.sun}"/></g>`,
    );
  }
  const counts: Partial<Record<SceneWeather, number>> = { clouds: 6, rain: 7, storm: 8, snowfall: 5, fog: 2 };
  const count = weather ? (counts[weather] ?? 0) : c.random() < 0.6 ? 2 : 0;
  const scale = weather === 'rain' || weather === 'storm' ? 1.5 : 1;
  if (count) clouds(c, Math.max(1, Math.round((count * c.w) / 1000)), horizon * 0.12, horizon * 0.62, scale);
  if (weather === 'rain' || weather === 'storm') {
    // A low ceiling of cloud: the whole top of the sky is overcast.
    c.body.push(
      `<rect width="${f(c.w)}" height="${f(horizon * 0.25)}" fill="${c.sky.cloudShade}" opacity="0.6"/>`,
    );
    clouds(c, Math.round((6 * c.w) / 1000), -20, horizon * 0.2, 1.6);
  }
  if (weather === 'storm') {
    let x = range(c, 0.25, 0.75) * c.w;
    let y = horizon * 0.18;
    const points = [`${f(x)},${f(y)}`];
    while (y < horizon * 0.98) {
      y += range(c, 50, 95);
      x += range(c, -60, 60);
      points.push(`${f(x)},${f(y)}`);
    }
    const bolt = points.join(' ');
    c.body.push(
      `<rect width="${f(c.w)}" height="1000" fill="#dfe6ff" opacity="0.08"/>`,
      `<polyline points="${bolt}" fill="none" stroke="#c9d6ff" stroke-width="30" stroke-opacity="0.15" stroke-linejoin="round"/>`,
      `<polyline points="${bolt}" fill="none" stroke="#dfe6ff" stroke-width="15" stroke-opacity="0.3" stroke-linejoin="round"/>`,
      `<polyline points="${bolt}" fill="none" stroke="#fffbe6" stroke-width="6" stroke-linejoin="round"/>`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Weather in front of the place

export function paintWeatherFront(c: Canvas, horizon: number) {
  const { weather } = c;
  const out: string[] = [];
  if (weather === 'rain' || weather === 'storm') {
    const count = Math.round((c.w / 1000) * (weather === 'storm' ? 260 : 200));
    for (let i = 0; i < count; i++) {
      const x = c.random() * (c.w + 100);
      const y = c.random() * 1000;
      const l = range(c, 30, 70);
      out.push(`M${f(x)},${f(y)}l${f(-l * 0.22)},${f(l)}`);
    }
    const colour = c.time === 'night' ? '#8fa0c8' : '#e4ecf6';
    c.body.push(
      `<path d="${out.join('')}" stroke="${colour}" stroke-width="2.2" opacity="0.5" stroke-linecap="round"/>`,
    );
  }
  if (weather === 'snowfall') {
    const count = Math.round((c.w / 1000) * 220);
    for (let i = 0; i < count; i++) {
      const y = c.random() * 1000;
      const r = range(c, 1.5, 3.5) * (0.6 + y / 1000);
      out.push(
        `<circle cx="${f(c.random() * c.w)}" cy="${f(y)}" r="${f(r)}" fill-opacity="${f(range(c, 0.6, 1))}"/>`,
      );
    }
    c.body.push(`<g fill="#ffffff">${out.join('')}</g>`);
  }
  if (weather === 'fog') {
    const veil = c.time === 'night' ? '#55617c' : mix(c.sky.haze, '#eef1f3', 0.6);
    c.body.push(
      `<rect width="${f(c.w)}" height="1000" fill="${verticalGradient(c, horizon - 300, 1000, [
        [0, veil, 0.1],
        [0.45, veil, 0.7],
        [1, veil, 0.35],
      ])}"/>`,
    );
    const bands: string[] = [];
    const soft = radialGlow(c, veil, 0.9);
    for (let i = 0; i < 4; i++) {
      const y = horizon + range(c, -80, 260);
      bands.push(
        `<ellipse cx="${f(c.random() * c.w)}" cy="${f(y)}" rx="${f(range(c, 0.4, 0.7) * c.w)}" ry="${f(range(c, 35, 70))}" fill="${soft}"/>`,
      );
    }
    c.body.push(bands.join(''));
  }
}
