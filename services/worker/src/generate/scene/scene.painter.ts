// Pictura Scenes' scene painter: the setting a prompt named (place, time of day, weather, season) painted as a
// flat illustration. It writes SVG (gradients, layered silhouettes, haze towards the horizon) and lets librsvg
// inside sharp rasterise it, which keeps a whole background to a few milliseconds on one core.
//
// Everything is drawn in logical units 1000 high and `1000 · width / height` wide, so a place keeps its
// horizon at the same fraction of the height whatever the aspect ratio; wider pictures show more of it.
// The parts live in painter/: the canvas and its colours, the sky and weather, vegetation and terrain, and
// the places grouped by kind; this module puts a place under its sky and weather.
import type { ScenePlace, SceneTime } from '@pictura/common/scene';
import {
  newCanvas,
  range,
  rasterise,
  type SettingSpec,
  svgDocument,
  withBackdrop,
} from './painter/canvas.ts';
import type { Rgb } from './painter/colour.ts';
import type { Place } from './painter/place.ts';
import { ALOFT_PLACES } from './painter/places.aloft.ts';
import { INDOOR_PLACES, indoorLight, indoorTint } from './painter/places.indoor.ts';
import { OUTDOOR_PLACES } from './painter/places.outdoor.ts';
import { URBAN_PLACES } from './painter/places.urban.ts';
import { WATER_PLACES } from './painter/places.water.ts';
import { WILD_PLACES } from './painter/places.wild.ts';
import { paintSky, paintWeatherFront } from './painter/sky.ts';

// The painter's helpers stay exported from here as before: scene.props.ts draws its props with them.
export {
  blur,
  type Canvas,
  capture,
  id,
  newCanvas,
  pick,
  radialGlow,
  range,
  rasterise,
  ridge,
  ridgeAt,
  ridgePath,
  type SettingSpec,
  svgDocument,
  tone,
  verticalGradient,
} from './painter/canvas.ts';
export { f, mix, type Rgb, toHex, toRgb } from './painter/colour.ts';
export { cloud, paintSky, paintWeatherFront } from './painter/sky.ts';
export { grassColour, hills, pine, roundTree, tree } from './painter/vegetation.ts';

export interface PaintedSetting {
  /** RGB, width·height·3, row-major. */
  data: Uint8Array;
  width: number;
  height: number;
  /** Fractions of the height: the band where things stand, far edge (top) to near edge (bottom). */
  ground: { top: number; bottom: number };
  /** True where things float rather than stand (space, sky, underwater): no contact shadows. */
  floating: boolean;
  /** Light for the composer: a multiply colour (0..1 per channel) and the sun's x in [0, 1] (shadow side). */
  light: { tint: [number, number, number]; sunX: number };
}

const PLACES: Record<ScenePlace | 'land', Place> = {
  ...OUTDOOR_PLACES,
  ...WILD_PLACES,
  ...WATER_PLACES,
  ...URBAN_PLACES,
  ...ALOFT_PLACES,
  ...INDOOR_PLACES,
};

// Fractions of the sky's height where the sun stands, by time of day.
const SUN_HEIGHT: Record<SceneTime, number> = { dawn: 0.86, day: 0.3, sunset: 0.93, night: 0.32 };

const LIGHT_OF: Partial<Record<ScenePlace, Rgb>> = {
  underwater: [0.7, 0.9, 1],
  space: [0.9, 0.9, 1],
  moon: [0.95, 0.95, 1],
};

export async function paintSetting(
  spec: SettingSpec,
  width: number,
  height: number,
  seed: number,
): Promise<PaintedSetting> {
  const place = PLACES[spec.place ?? 'land'];
  const c = newCanvas(spec, width, height, seed);
  const horizon = place.horizon;
  c.sunY =
    Math.min(horizon, 1000) *
    SUN_HEIGHT[c.time] *
    (c.time === 'day' || c.time === 'night' ? range(c, 0.8, 1.2) : 1);
  const indoor = spec.place === 'room' || spec.place === 'kitchen' || spec.place === 'table';
  if (indoor) c.tint = indoorTint(c.time);
  if (!place.ownSky) paintSky(c, Math.min(horizon, 1000));
  place.paint(c, horizon);
  if (!indoor && spec.place !== 'space' && spec.place !== 'moon')
    paintWeatherFront(c, Math.min(horizon, 900));
  const data = await rasterise(
    await withBackdrop(c, svgDocument(c, width, height), width, height),
    width,
    height,
    3,
  );
  const light =
    spec.place && LIGHT_OF[spec.place] ? LIGHT_OF[spec.place]! : indoor ? indoorLight(c.time) : c.sky.light;
  return {
    data,
    width,
    height,
    ground: { top: place.ground[0], bottom: place.ground[1] },
    floating: place.floating ?? false,
    light: { tint: [...light] as Rgb, sunX: Math.round((c.sunX / c.w) * 1000) / 1000 },
  };
}
