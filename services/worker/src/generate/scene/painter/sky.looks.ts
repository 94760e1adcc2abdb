// The sky's palette by time of day, and what bad weather does to it. The canvas reads its light from here.
import type { SceneTime, SceneWeather } from '@pictura/common/scene';
import { mix, type Rgb } from './colour.ts';

export interface SkyLook {
  stops: [number, string][];
  /** The colour far things fade into. */
  haze: string;
  sun: string;
  sunRadius: number;
  cloud: string;
  cloudShade: string;
  tint: Rgb;
  light: Rgb;
}

const SKIES: Record<SceneTime, SkyLook> = {
  dawn: {
    stops: [
      [0, '#5d6cb0'],
      [0.45, '#c99cc6'],
      [0.78, '#f7b4a6'],
      [1, '#ffdcae'],
    ],
    haze: '#f0c2bc',
    sun: '#fff1c8',
    sunRadius: 46,
    cloud: '#fff0ef',
    cloudShade: '#eebccb',
    tint: [1, 0.9, 0.9],
    light: [1, 0.9, 0.86],
  },
  day: {
    stops: [
      [0, '#3a86db'],
      [0.6, '#82c1f1'],
      [1, '#d9effb'],
    ],
    haze: '#cbe3f3',
    sun: '#fff8d8',
    sunRadius: 40,
    cloud: '#ffffff',
    cloudShade: '#d7e5f2',
    tint: [1, 1, 1],
    light: [1, 1, 1],
  },
  sunset: {
    stops: [
      [0, '#2f2763'],
      [0.35, '#8c3c7c'],
      [0.65, '#e2655a'],
      [0.86, '#f7a04b'],
      [1, '#ffd46c'],
    ],
    haze: '#ee9a72',
    sun: '#ffe39a',
    sunRadius: 80,
    cloud: '#ffc6a3',
    cloudShade: '#c66f8d',
    tint: [1, 0.76, 0.66],
    light: [1, 0.78, 0.6],
  },
  night: {
    stops: [
      [0, '#050a1f'],
      [0.6, '#101e4a'],
      [1, '#26396e'],
    ],
    haze: '#1f3060',
    sun: '#f6f2dc',
    sunRadius: 34,
    cloud: '#3a4877',
    cloudShade: '#263360',
    tint: [0.3, 0.36, 0.6],
    light: [0.52, 0.58, 0.86],
  },
};

/** What bad weather does to the sky: greys it, dims the light and colours its clouds. */
const WEATHER_SKY: Partial<
  Record<SceneWeather, { grey: string; amount: number; dim: Rgb; cloud: string; shade: string }>
> = {
  rain: { grey: '#8c96a3', amount: 0.65, dim: [0.74, 0.77, 0.84], cloud: '#c3c9d2', shade: '#98a1ad' },
  storm: { grey: '#3b4252', amount: 0.8, dim: [0.5, 0.53, 0.64], cloud: '#5b6373', shade: '#383e4b' },
  snowfall: { grey: '#c8d2de', amount: 0.5, dim: [0.92, 0.95, 1], cloud: '#e9eef4', shade: '#c2ccd8' },
  fog: { grey: '#d6dbe0', amount: 0.55, dim: [0.93, 0.94, 0.96], cloud: '#eceff2', shade: '#d0d6dc' },
};

export function skyLook(time: SceneTime, weather?: SceneWeather): SkyLook {
  const base = SKIES[time];
  const bad = weather && WEATHER_SKY[weather];
  if (!bad) return base;
  const night = time === 'night';
  const grey = night ? mix(bad.grey, '#0a1024', 0.75) : bad.grey;
  const dim = (a: Rgb): Rgb => [a[0] * bad.dim[0], a[1] * bad.dim[1], a[2] * bad.dim[2]];
  return {
    ...base,
    stops: base.stops.map(([o, col]) => [o, mix(col, grey, bad.amount)]),
    haze: mix(base.haze, grey, bad.amount),
    cloud: night ? mix(bad.shade, '#101830', 0.6) : mix(bad.cloud, base.cloud, 0.2),
    cloudShade: night ? mix(bad.shade, '#080c18', 0.75) : mix(bad.shade, base.cloudShade, 0.2),
    tint: dim(base.tint),
    light: dim(base.light),
  };
}
