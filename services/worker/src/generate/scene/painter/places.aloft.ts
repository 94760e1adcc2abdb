// Places off the ground, where things float: the open sky, space and the moon.

import { id, pick, radialGlow, range, ridge, ridgePath, verticalGradient } from './canvas.ts';
import { f, mix, multiply } from './colour.ts';
import type { Places } from './place.ts';
import { clouds, stars } from './sky.ts';

export const ALOFT_PLACES: Places<'sky' | 'space' | 'moon'> = {
  sky: {
    horizon: 1000,
    ground: [0.45, 0.9],
    floating: true,
    paint(c) {
      clouds(c, Math.round((4 * c.w) / 1000), 250, 600, 0.9);
      const sea: string[] = [];
      for (let x = -40; x < c.w + 80; x += range(c, 70, 120)) {
        sea.push(`<circle cx="${f(x)}" cy="${f(range(c, 820, 880))}" r="${f(range(c, 70, 130))}"/>`);
      }
      const shadeSea = sea.map((s) => s.replace(/cy="([\d.]+)"/, (_, y) => `cy="${f(Number(y) + 30)}"`));
      c.body.push(
        `<g fill="${c.sky.cloudShade}">${shadeSea.join('')}<rect y="880" width="${f(c.w)}" height="120"/></g>`,
        `<g fill="${c.sky.cloud}">${sea.join('')}</g>`,
        `<rect y="900" width="${f(c.w)}" height="100" fill="${c.sky.cloud}"/>`,
      );
      clouds(c, Math.round((3 * c.w) / 1000), 650, 780, 1.2);
    },
  },
  space: {
    horizon: 1000,
    ground: [0.55, 0.9],
    floating: true,
    ownSky: true,
    paint(c) {
      c.body.push(
        `<rect width="${f(c.w)}" height="1000" fill="${verticalGradient(c, 0, 1000, [
          [0, '#04030c'],
          [0.6, '#140a2e'],
          [1, '#26103f'],
        ])}"/>`,
      );
      const nebula: string[] = [];
      for (let i = 0; i < 5; i++) {
        nebula.push(
          `<ellipse cx="${f(c.random() * c.w)}" cy="${f(range(c, 150, 850))}" rx="${f(range(c, 220, 450))}" ry="${f(range(c, 100, 220))}" fill="${radialGlow(c, pick(c, ['#7b3fa0', '#c2408a', '#2a7fa0', '#4a3fb0']), 0.8)}"/>`,
        );
      }
      c.body.push(nebula.join(''));
      stars(c, 1000, Math.round((c.w / 1000) * 260));
      const px = c.w * pick(c, [range(c, 0.12, 0.3), range(c, 0.7, 0.88)]);
      const py = range(c, 180, 380);
      const r = range(c, 80, 140);
      const [lightCol, darkCol] = pick(c, [
        ['#f2b36b', '#8a4a3a'],
        ['#7fc4e8', '#2a4a8a'],
        ['#e88fb5', '#6a2a6a'],
        ['#9be0b0', '#2a6a5a'],
      ]);
      const fill = id(c, 'p');
      c.defs.push(
        `<radialGradient id="${fill}" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="${lightCol}"/><stop offset="1" stop-color="${darkCol}"/></radialGradient>`,
      );
      const tilt = range(c, -25, 25);
      const ring = (half: 'back' | 'front') =>
        `<path d="M${f(px - r * 1.9)},${f(py)}A${f(r * 1.9)},${f(r * 0.45)} 0 0,${half === 'back' ? 1 : 0} ${f(px + r * 1.9)},${f(py)}" fill="none" stroke="${mix(lightCol, '#ffffff', 0.4)}" stroke-width="${f(r * 0.14)}" opacity="0.8" transform="rotate(${f(tilt)} ${f(px)} ${f(py)})"/>`;
      c.body.push(
        ring('back'),
        `<circle cx="${f(px)}" cy="${f(py)}" r="${f(r)}" fill="url(#${fill})"/>`,
        ring('front'),
      );
      const mx = c.w - px + range(c, -100, 100);
      c.body.push(
        `<circle cx="${f(mx)}" cy="${f(range(c, 120, 300))}" r="${f(range(c, 18, 34))}" fill="#c9c4d6"/>`,
      );
    },
  },
  moon: {
    horizon: 620,
    ground: [0.7, 0.97],
    ownSky: true,
    paint(c, h) {
      c.body.push(`<rect width="${f(c.w)}" height="1000" fill="#05060d"/>`);
      stars(c, h, Math.round((c.w / 1000) * 200));
      const ex = c.w * range(c, 0.2, 0.8);
      const ey = range(c, 150, 300);
      const er = range(c, 85, 115);
      const clip = id(c, 'e');
      c.defs.push(`<clipPath id="${clip}"><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(er)}"/></clipPath>`);
      const land: string[] = [];
      for (let i = 0; i < 6; i++) {
        land.push(
          `<ellipse cx="${f(ex + range(c, -1, 1) * er)}" cy="${f(ey + range(c, -1, 1) * er)}" rx="${f(range(c, 0.2, 0.45) * er)}" ry="${f(range(c, 0.15, 0.35) * er)}"/>`,
        );
      }
      c.body.push(
        `<circle cx="${f(ex)}" cy="${f(ey)}" r="${f(er * 1.5)}" fill="${radialGlow(c, '#6fb6ff', 0.35)}"/>`,
        `<g clip-path="url(#${clip})"><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(er)}" fill="#2f7fd0"/><g fill="#5bb36a">${land.join('')}</g><circle cx="${f(ex + er * 0.55)}" cy="${f(ey + er * 0.25)}" r="${f(er * 1.05)}" fill="#02040a" opacity="0.6"/></g>`,
      );
      const shade = c.time === 'night' ? 0.7 : 1;
      const grey = (hex: string) => multiply(hex, [shade, shade, shade * 1.05]);
      c.body.push(`<path d="${ridgePath(ridge(c, h + 10, 40, 0.7))}" fill="${grey('#7b7b86')}"/>`);
      const near = ridge(c, h + 80, 30, 0.5);
      c.body.push(
        `<path d="${ridgePath(near)}" fill="${verticalGradient(c, h + 50, 1000, [
          [0, grey('#a5a5ae')],
          [1, grey('#c4c4cb')],
        ])}"/>`,
      );
      const craters: string[] = [];
      for (let i = 0; i < c.w / 45; i++) {
        const y = range(c, h + 110, 990);
        const rx = 8 + ((y - h) / (1000 - h)) * range(c, 30, 90);
        const x = c.random() * c.w;
        craters.push(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.32)}" fill="${grey('#8e8e98')}"/><ellipse cx="${f(x + rx * 0.08)}" cy="${f(y + rx * 0.05)}" rx="${f(rx * 0.8)}" ry="${f(rx * 0.22)}" fill="${grey('#b8b8c0')}"/>`,
        );
      }
      c.body.push(craters.join(''));
    },
  },
};
