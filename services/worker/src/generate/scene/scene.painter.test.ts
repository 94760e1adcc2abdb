import { COLORS, LIGHTINGS, STYLES } from '@pictura/common/generation-options';
import { SCENE_PLACES } from '@pictura/common/scene';
import { describe, expect, it } from 'vitest';
import { applyLook } from './scene.looks.ts';
import { type PaintedSetting, paintSetting, type SettingSpec } from './scene.painter.ts';
import { PROPS, paintProp } from './scene.props.ts';

const SIZE = 96;
const paint = (spec: SettingSpec, seed = 1, width = SIZE, height = SIZE) =>
  paintSetting(spec, width, height, seed);

/** Mean R, G, B and luminance over rows [from, to) as fractions of the height. */
function mean(p: PaintedSetting, from = 0, to = 1) {
  const sum = [0, 0, 0];
  const rows = [Math.floor(from * p.height), Math.floor(to * p.height)];
  for (let y = rows[0]; y < rows[1]; y++) {
    for (let x = 0; x < p.width; x++) for (let k = 0; k < 3; k++) sum[k] += p.data[(y * p.width + x) * 3 + k];
  }
  const [r, g, b] = sum.map((s) => s / ((rows[1] - rows[0]) * p.width));
  return { r, g, b, luma: 0.299 * r + 0.587 * g + 0.114 * b };
}

describe('paintSetting', () => {
  it('paints every place at the exact size asked, non-square included, with a sensible ground band', async () => {
    for (const place of SCENE_PLACES) {
      const p = await paint({ place }, 2, 120, 80);
      expect([p.width, p.height, p.data.length]).toEqual([120, 80, 120 * 80 * 3]);
      expect(p.ground.top).toBeGreaterThan(0.3);
      expect(p.ground.top).toBeLessThan(p.ground.bottom);
      expect(p.ground.bottom).toBeLessThanOrEqual(1);
      expect(p.floating).toBe(place === 'space' || place === 'sky' || place === 'underwater');
    }
  });

  it('is the same picture for the same seed and a different arrangement for another seed', async () => {
    for (const place of ['forest', 'city', 'space'] as const) {
      const a = await paint({ place }, 7);
      expect((await paint({ place }, 7)).data).toEqual(a.data);
      const b = await paint({ place }, 8);
      let differing = 0;
      for (let i = 0; i < a.data.length; i++) if (Math.abs(a.data[i] - b.data[i]) > 24) differing++;
      expect(differing / a.data.length).toBeGreaterThan(0.05);
    }
  });

  it('darkens every outdoor place at night and lights it blue; warms it at sunset', async () => {
    for (const place of ['meadow', 'city', 'beach', 'mountains', 'street'] as const) {
      const day = await paint({ place, time: 'day' });
      const night = await paint({ place, time: 'night' });
      expect(mean(night).luma).toBeLessThan(mean(day).luma * 0.55);
      expect(night.light.tint[2]).toBeGreaterThan(night.light.tint[0]);
      expect(Math.max(...night.light.tint)).toBeLessThan(1);
      const sunset = await paint({ place, time: 'sunset' });
      expect(mean(sunset).r - mean(sunset).b).toBeGreaterThan(mean(day).r - mean(day).b + 20);
    }
    expect((await paint({ time: 'sunset' })).light.tint).toSatisfy(([r, , b]: number[]) => r > b + 0.2);
    expect((await paint({ time: 'day' })).light.tint).toEqual([1, 1, 1]);
  });

  it('paints snow white, water blue and lunar ground grey', async () => {
    const snow = mean(await paint({ place: 'snow' }), 0.6, 1);
    expect(Math.min(snow.r, snow.g, snow.b)).toBeGreaterThan(190);
    const underwater = mean(await paint({ place: 'underwater' }));
    expect(underwater.b).toBeGreaterThan(underwater.r + 40);
    expect(underwater.b).toBeGreaterThan(underwater.g);
    const sea = mean(await paint({ place: 'sea' }), 0.55, 1);
    expect(sea.b).toBeGreaterThan(sea.r + 40);
    const moon = await paint({ place: 'moon' });
    const ground = mean(moon, 0.75, 1);
    expect(Math.max(ground.r, ground.g, ground.b) - Math.min(ground.r, ground.g, ground.b)).toBeLessThan(25);
    expect(mean(moon, 0, 0.1).luma).toBeLessThan(30);
  });

  it('paints open grass hills under a sky given only a time', async () => {
    const land = mean(await paint({ time: 'day' }), 0.75, 1);
    expect(land.g).toBeGreaterThan(land.r + 20);
    expect(land.g).toBeGreaterThan(land.b + 20);
    const sky = mean(await paint({ time: 'day' }), 0, 0.3);
    expect(sky.b).toBeGreaterThan(sky.r + 40);
  });

  it('greys the sky in rain and storm, whitens the ground in winter, browns the trees in autumn', async () => {
    const saturation = (m: { r: number; g: number; b: number }) =>
      Math.max(m.r, m.g, m.b) - Math.min(m.r, m.g, m.b);
    const clear = mean(await paint({ place: 'meadow' }), 0, 0.4);
    const rain = mean(await paint({ place: 'meadow', weather: 'rain' }), 0, 0.4);
    const storm = mean(await paint({ place: 'meadow', weather: 'storm' }), 0, 0.4);
    expect(saturation(rain)).toBeLessThan(saturation(clear) * 0.6);
    expect(storm.luma).toBeLessThan(rain.luma);
    const winter = mean(await paint({ place: 'meadow', season: 'winter' }), 0.75, 1);
    expect(Math.min(winter.r, winter.g, winter.b)).toBeGreaterThan(200);
    const summer = mean(await paint({ place: 'forest', season: 'summer' }), 0.5, 0.8);
    const autumn = mean(await paint({ place: 'forest', season: 'autumn' }), 0.5, 0.8);
    expect(autumn.r - autumn.g).toBeGreaterThan(summer.r - summer.g + 10);
    const fog = await paint({ place: 'mountains', weather: 'fog' });
    const clearMountains = await paint({ place: 'mountains' });
    expect(mean(fog, 0.5, 0.8).luma).toBeGreaterThan(mean(clearMountains, 0.5, 0.8).luma);
  });

  it('lights the windows of the city at night', async () => {
    const night = await paint({ place: 'city', time: 'night' }, 3, 160, 160);
    let warm = 0;
    for (let i = 0; i < night.data.length; i += 3) {
      if (night.data[i] > 200 && night.data[i + 1] > 150 && night.data[i + 2] < 150) warm++;
    }
    expect(warm).toBeGreaterThan(100);
  });
});

describe('paintProp', () => {
  it('draws every prop standing on the bottom edge, centred, as tall as a wide box', async () => {
    for (const name of PROPS) {
      const { data, width, height } = await paintProp(name, 240, 60, 4);
      expect(data.length).toBe(240 * 60 * 4);
      const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
      const rowOpaque = (y: number) => [...Array(width).keys()].some((x) => alpha(x, y) > 128);
      expect(rowOpaque(height - 1), `${name} stands on the bottom`).toBe(true);
      expect([0, 1, 2].some(rowOpaque), `${name} reaches the top`).toBe(true);
      expect(alpha(0, 0) + alpha(width - 1, 0)).toBe(0);
      let sum = 0;
      let count = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (alpha(x, y) > 128) {
            sum += x;
            count++;
          }
        }
      }
      expect(Math.abs(sum / count / width - 0.5), `${name} is centred`).toBeLessThan(0.06);
    }
    await expect(paintProp('spaceship', 10, 10, 1)).rejects.toThrow(/Unknown prop/);
  });
});

describe('applyLook', () => {
  const look = { style: 'none', color: 'none', lighting: 'none' } as const;
  const base = paint({ place: 'garden', time: 'sunset' }, 5, 128, 96);
  const apply = async (change: Partial<Record<keyof typeof look, string>>, channels: 3 | 4 = 3) => {
    const { data, width, height } = await base;
    const pixels = channels === 3 ? Uint8Array.from(data) : rgba(data);
    await applyLook({ data: pixels, width, height, channels }, { ...look, ...change } as never, 9);
    return pixels;
  };
  const rgba = (rgb: Uint8Array) => {
    const out = new Uint8Array((rgb.length / 3) * 4);
    for (let i = 0; i < rgb.length / 3; i++) {
      out.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
      out[i * 4 + 3] = i % 251;
    }
    return out;
  };
  const changed = (a: Uint8Array, b: Uint8Array) =>
    a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 8 ? 1 : 0), 0) / a.length;

  it('changes nothing with every option none, and visibly changes the picture with each other value', async () => {
    const original = (await base).data;
    expect(await apply({})).toEqual(original);
    const options = { style: STYLES, color: COLORS, lighting: LIGHTINGS };
    for (const [option, values] of Object.entries(options)) {
      for (const value of values.filter((v) => v !== 'none')) {
        expect(changed(await apply({ [option]: value }), original), `${option} ${value}`).toBeGreaterThan(
          0.1,
        );
      }
    }
  });

  it('black_and_white is true greyscale, under any style and light, and leaves alpha alone', async () => {
    const grey = await apply({ color: 'black_and_white', style: 'cyberpunk', lighting: 'underlighting' }, 4);
    for (let i = 0; i < grey.length; i += 4) {
      expect(grey[i]).toBe(grey[i + 1]);
      expect(grey[i + 1]).toBe(grey[i + 2]);
      expect(grey[i + 3]).toBe((i / 4) % 251);
    }
  });

  it('pixel_art paints blocks; side_light is brighter on the left; spotlight darkens the corners', async () => {
    const { width, height } = await base;
    const pixels = await apply({ style: 'pixel_art' });
    const block = Math.round(width / 64);
    for (let y = 0; y < height; y += block) {
      for (let x = 0; x < width; x += block) {
        const i = (y * width + x) * 3;
        expect(pixels.subarray(i + 3, i + 6)).toEqual(pixels.subarray(i, i + 3));
      }
    }
    const column = (data: Uint8Array, x0: number, x1: number) => {
      let s = 0;
      for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) s += data[(y * width + x) * 3 + 1];
      return s;
    };
    const side = await apply({ lighting: 'side_light' });
    expect(column(side, 0, 20)).toBeGreaterThan(column(side, width - 20, width) * 1.3);
    const spot = await apply({ lighting: 'spotlight' });
    const original = (await base).data;
    expect(spot[0] + spot[1] + spot[2]).toBeLessThan((original[0] + original[1] + original[2]) * 0.6);
  });
});
