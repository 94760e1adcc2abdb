// Places indoors: a room, a kitchen and a table top, lit by lamps at night, with a window onto the outside.
import type { SceneTime } from '@pictura/common/scene';
import {
  BACKDROP,
  type Canvas,
  capture,
  id,
  pick,
  radialGlow,
  range,
  tone,
  verticalGradient,
} from './canvas.ts';
import { f, mix, type Rgb } from './colour.ts';
import type { Places } from './place.ts';
import { paintSky, paintWeatherFront } from './sky.ts';
import { grassColour, hills } from './vegetation.ts';

/** A window onto the outside: its sky and hills painted small, clipped to the panes. */
function windowView(c: Canvas, x: number, y: number, w: number, h: number, frame: string) {
  const view = capture(c, () => {
    const saved = { tint: c.tint, sunX: c.sunX, sunY: c.sunY, w: c.w };
    c.w = 1000;
    c.tint = c.sky.tint;
    c.sunX = 620;
    c.sunY = c.time === 'day' ? 260 : c.time === 'night' ? 220 : 560;
    paintSky(c, 700);
    hills(c, 760, 60, mix(grassColour(c), '#3c7a5a', 0.3), 0.7, 6);
    hills(c, 880, 40, grassColour(c), 0.3, 2);
    paintWeatherFront(c, 700);
    Object.assign(c, saved);
  });
  const clip = id(c, 'clip');
  c.defs.push(
    `<clipPath id="${clip}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"/></clipPath>`,
  );
  const bar = Math.max(8, w * 0.035);
  c.body.push(
    `<rect x="${f(x - bar * 1.6)}" y="${f(y - bar * 1.6)}" width="${f(w + bar * 3.2)}" height="${f(h + bar * 3.2)}" rx="4" fill="${frame}"/>`,
    `<g clip-path="url(#${clip})"><g transform="translate(${f(x)},${f(y)}) scale(${f(w / 1000)},${f(h / 1000)})">${view}</g></g>`,
    `<g fill="${frame}"><rect x="${f(x + w / 2 - bar / 2)}" y="${f(y)}" width="${f(bar)}" height="${f(h)}"/><rect x="${f(x)}" y="${f(y + h * 0.45 - bar / 2)}" width="${f(w)}" height="${f(bar)}"/></g>`,
    `<rect x="${f(x - bar * 2.4)}" y="${f(y + h + bar * 1.2)}" width="${f(w + bar * 4.8)}" height="${f(bar * 1.6)}" rx="3" fill="${mix(frame, '#000000', 0.1)}"/>`,
  );
}

const WALLS = ['#f1e4d0', '#dde9e0', '#e6dcef', '#f4d9cf', '#d9e6f2', '#f3ecd2'];

/** Warm lamp light in a room at night; daylight otherwise. */
export function indoorTint(time: SceneTime): Rgb {
  return time === 'night'
    ? [0.6, 0.52, 0.5]
    : time === 'sunset'
      ? [1, 0.88, 0.78]
      : time === 'dawn'
        ? [1, 0.94, 0.92]
        : [1, 0.99, 0.97];
}

function perspectiveFloor(
  c: Canvas,
  top: number,
  colour: string,
  lineColour: string,
  rows: number,
  vanishX: number,
) {
  c.body.push(
    `<rect y="${f(top)}" width="${f(c.w)}" height="${f(1000 - top)}" fill="${verticalGradient(c, top, 1000, [
      [0, tone(c, mix(colour, '#000000', 0.12))],
      [1, tone(c, colour)],
    ])}"/>`,
  );
  const lines: string[] = [];
  const vy = top - 700;
  for (let x = -3 * c.w; x <= 4 * c.w; x += 120) {
    const t = (top - vy) / (1000 - vy);
    lines.push(`M${f(vanishX + (x - vanishX) * t)},${f(top)}L${f(x)},1000`);
  }
  for (let k = 1; k < rows; k++) {
    const y = top + (1000 - top) * (k / rows) ** 1.6;
    lines.push(`M0,${f(y)}L${f(c.w)},${f(y)}`);
  }
  c.body.push(
    `<path d="${lines.join('')}" stroke="${tone(c, lineColour)}" stroke-width="2.5" opacity="0.5"/>`,
  );
}

function nightLampGlow(c: Canvas, x: number, y: number, r: number) {
  if (c.time !== 'night') return;
  c.body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${radialGlow(c, '#ffc46b', 0.45)}"/>`);
}

function pictureFrame(c: Canvas, x: number, y: number, w: number, h: number) {
  const art = pick(c, ['#f2b880', '#9fc7e8', '#c7e0a9']);
  c.body.push(
    `<rect x="${f(x - 12)}" y="${f(y - 12)}" width="${f(w + 24)}" height="${f(h + 24)}" fill="${tone(c, '#6b4a2f')}"/>`,
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${tone(c, art)}"/>`,
    `<circle cx="${f(x + w * 0.7)}" cy="${f(y + h * 0.35)}" r="${f(h * 0.14)}" fill="${tone(c, '#fff3c4')}"/>`,
    `<path d="M${f(x)},${f(y + h)}L${f(x)},${f(y + h * 0.7)}Q${f(x + w * 0.3)},${f(y + h * 0.45)} ${f(x + w * 0.55)},${f(y + h * 0.7)}T${f(x + w)},${f(y + h * 0.65)}L${f(x + w)},${f(y + h)}Z" fill="${tone(c, '#5e9c6a')}"/>`,
  );
}

export const INDOOR_PLACES: Places<'room' | 'kitchen' | 'table'> = {
  room: {
    horizon: 700,
    ground: [0.76, 0.97],
    ownSky: true,
    paint(c) {
      const wall = pick(c, WALLS);
      c.body.push(
        `<rect width="${f(c.w)}" height="700" fill="${verticalGradient(c, 0, 700, [
          [0, tone(c, mix(wall, '#000000', 0.1))],
          [1, tone(c, wall)],
        ])}"/>`,
      );
      if (c.random() < 0.5) {
        const stripes: string[] = [];
        for (let x = 0; x < c.w; x += 70) stripes.push(`<rect x="${x}" width="22" height="700"/>`);
        c.body.push(
          `<g fill="${tone(c, mix(wall, '#ffffff', 0.35))}" opacity="0.45">${stripes.join('')}</g>`,
        );
      }
      const left = c.random() < 0.5;
      const ww = 260;
      const wx = left ? c.w * 0.18 : c.w * 0.82 - ww;
      windowView(c, wx, 170, ww, 300, tone(c, '#f7f4ee'));
      const curtain = tone(c, pick(c, ['#c95a5a', '#5a7fc9', '#e0b04a', '#6aa07a']));
      c.body.push(
        `<path d="M${f(wx - 70)},120L${f(wx + 20)},120Q${f(wx - 10)},300 ${f(wx + 10)},560L${f(wx - 70)},560Z" fill="${curtain}"/>`,
        `<path d="M${f(wx + ww + 70)},120L${f(wx + ww - 20)},120Q${f(wx + ww + 10)},300 ${f(wx + ww - 10)},560L${f(wx + ww + 70)},560Z" fill="${curtain}"/>`,
        `<rect x="${f(wx - 90)}" y="108" width="${f(ww + 180)}" height="14" rx="7" fill="${tone(c, '#6b4a2f')}"/>`,
      );
      const fx = left ? c.w * 0.62 : c.w * 0.2;
      pictureFrame(c, fx, 230, 200, 150);
      nightLampGlow(c, left ? c.w * 0.85 : c.w * 0.12, 400, 380);
      c.body.push(`<rect y="680" width="${f(c.w)}" height="26" fill="${tone(c, '#f4f0e8')}"/>`);
      perspectiveFloor(c, 706, '#c48f5e', '#8a5a35', 7, c.w / 2);
      if (c.time !== 'night') {
        c.body.push(
          `<path d="M${f(wx)},706L${f(wx + ww)},706L${f(wx + ww * 1.5)},${960}L${f(wx + ww * 0.2)},960Z" fill="#fff8e0" opacity="0.18"/>`,
        );
      }
      c.body.push(
        `<ellipse cx="${f(c.w / 2)}" cy="870" rx="${f(Math.min(420, c.w * 0.4))}" ry="80" fill="${tone(c, pick(c, ['#d98a6a', '#7a9ac9', '#c9b07a']))}" opacity="0.85"/>`,
      );
    },
  },
  kitchen: {
    horizon: 720,
    ground: [0.78, 0.97],
    ownSky: true,
    paint(c) {
      const wall = pick(c, WALLS);
      const wood = pick(c, ['#f4f1ea', '#9fc3b4', '#c9d8e6', '#e8c99a', '#5f7f9f']);
      c.body.push(`<rect width="${f(c.w)}" height="720" fill="${tone(c, wall)}"/>`);
      const tiles: string[] = [];
      for (let y = 300; y < 460; y += 40) {
        for (let x = (y / 40) % 2 ? -20 : 0; x < c.w; x += 40)
          tiles.push(`<rect x="${x + 2}" y="${y + 2}" width="36" height="36" rx="3"/>`);
      }
      c.body.push(
        `<rect y="300" width="${f(c.w)}" height="160" fill="${tone(c, '#d8dde0')}"/>`,
        `<g fill="${tone(c, pick(c, ['#ffffff', '#e9f2f4', '#f6efe2']))}">${tiles.join('')}</g>`,
      );
      const wx = c.w * range(c, 0.3, 0.55);
      windowView(c, wx, 120, 220, 170, tone(c, '#f7f4ee'));
      const cupboards: string[] = [];
      for (let x = 10; x < c.w; x += 150) {
        if (x + 140 > wx - 30 && x < wx + 250) continue;
        cupboards.push(
          `<rect x="${x}" y="40" width="140" height="210" rx="6" fill="${tone(c, wood)}"/><rect x="${x + 14}" y="56" width="112" height="178" rx="4" fill="${tone(c, mix(wood, '#000000', 0.07))}"/><rect x="${x + 60}" y="216" width="20" height="8" rx="4" fill="${tone(c, '#8a8f96')}"/>`,
        );
      }
      for (let x = 10; x < c.w; x += 150) {
        cupboards.push(
          `<rect x="${x}" y="500" width="140" height="200" rx="6" fill="${tone(c, wood)}"/><rect x="${x + 14}" y="516" width="112" height="168" rx="4" fill="${tone(c, mix(wood, '#000000', 0.07))}"/><rect x="${x + 50}" y="528" width="40" height="8" rx="4" fill="${tone(c, '#8a8f96')}"/>`,
        );
      }
      c.body.push(
        `<rect y="490" width="${f(c.w)}" height="230" fill="${tone(c, mix(wood, '#000000', 0.25))}"/>`,
        cupboards.join(''),
        `<rect y="458" width="${f(c.w)}" height="36" fill="${tone(c, pick(c, ['#e8e4dc', '#3b3f46', '#b08a5a']))}"/>`,
        `<rect y="490" width="${f(c.w)}" height="6" fill="#000000" opacity="0.15"/>`,
      );
      nightLampGlow(c, wx + 110, 300, 420);
      const floor = pick(c, ['#e9e4da', '#c9b49a', '#b9c2c9']);
      perspectiveFloor(c, 720, floor, mix(floor, '#000000', 0.35), 6, c.w / 2);
    },
  },
  table: {
    horizon: 560,
    ground: [0.62, 0.95],
    ownSky: true,
    paint(c) {
      const room = capture(c, () => {
        const wall = pick(c, WALLS);
        c.body.push(`<rect width="${f(c.w)}" height="600" fill="${tone(c, wall)}"/>`);
        windowView(c, c.w * range(c, 0.1, 0.6), 60, 320, 360, tone(c, '#f7f4ee'));
        for (let i = 0; i < 4; i++) {
          c.body.push(
            `<rect x="${f(c.random() * c.w)}" y="${f(range(c, 330, 420))}" width="${f(range(c, 40, 120))}" height="${f(range(c, 120, 240))}" rx="14" fill="${tone(c, pick(c, ['#6aa07a', '#c95a5a', '#e0b04a', '#5a7fc9', '#8a6a4a']))}"/>`,
          );
        }
        nightLampGlow(c, c.random() * c.w, 250, 260);
      });
      c.backdrop = room;
      c.body.push(BACKDROP);
      if (c.time === 'night') {
        const bokeh: string[] = [];
        for (let i = 0; i < 8; i++)
          bokeh.push(
            `<circle cx="${f(c.random() * c.w)}" cy="${f(range(c, 60, 480))}" r="${f(range(c, 20, 45))}"/>`,
          );
        c.body.push(`<g fill="#ffd28a" opacity="0.22">${bokeh.join('')}</g>`);
      }
      const top = 560;
      const wood = pick(c, ['#b9804f', '#c9955f', '#8f5f3a', '#d8b083']);
      c.body.push(
        `<rect y="${top}" width="${f(c.w)}" height="${1000 - top}" fill="${verticalGradient(c, top, 1000, [
          [0, tone(c, mix(wood, '#ffffff', 0.1))],
          [1, tone(c, mix(wood, '#000000', 0.15))],
        ])}"/>`,
      );
      const grain: string[] = [];
      for (let k = 0; k < 14; k++) {
        const y = top + (1000 - top) * (k / 14) ** 1.4 + 6;
        grain.push(
          `M0,${f(y)}Q${f(c.w * range(c, 0.2, 0.4))},${f(y + range(c, -6, 6))} ${f(c.w / 2)},${f(y)}T${f(c.w)},${f(y + range(c, -4, 4))}`,
        );
      }
      const seams: string[] = [];
      for (let k = 1; k < 4; k++)
        seams.push(
          `M0,${f(top + (1000 - top) * (k / 4) ** 1.4)}L${f(c.w)},${f(top + (1000 - top) * (k / 4) ** 1.4)}`,
        );
      c.body.push(
        `<path d="${grain.join('')}" stroke="${tone(c, mix(wood, '#000000', 0.25))}" stroke-width="2" fill="none" opacity="0.35"/>`,
        `<path d="${seams.join('')}" stroke="${tone(c, mix(wood, '#000000', 0.45))}" stroke-width="4" opacity="0.6"/>`,
        `<rect y="${top}" width="${f(c.w)}" height="8" fill="${tone(c, mix(wood, '#ffffff', 0.3))}"/>`,
        `<ellipse cx="${f(c.w * 0.5)}" cy="${top + 110}" rx="${f(c.w * 0.35)}" ry="60" fill="#ffffff" opacity="${c.time === 'night' ? 0.05 : 0.12}"/>`,
      );
    },
  },
};

export function indoorLight(time: SceneTime): Rgb {
  return time === 'night' ? [0.85, 0.74, 0.6] : time === 'sunset' ? [1, 0.88, 0.76] : [1, 0.98, 0.95];
}
