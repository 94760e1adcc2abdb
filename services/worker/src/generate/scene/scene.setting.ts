// What the scene painter paints for a read scene: one place (of all the places a prompt named, the one that
// frames the picture), a time of day, weather and season. Snow with another place is that place in winter
// ("a snowy forest"); a table is the nearest frame, so "apples on a table in a kitchen" is a table top.
import type { ScenePlace, SceneSeason, SceneTime, SceneWeather } from '@pictura/common/scene';
import type { ReadScene } from './scene.reader.ts';

/** The place that frames the picture when a prompt names several, nearest first. */
const FRAMING: readonly ScenePlace[] = [
  'table',
  'kitchen',
  'room',
  'underwater',
  'moon',
  'space',
  'street',
  'city',
  'cliff',
  'beach',
  'lake',
  'sea',
  'desert',
  'mountains',
  'forest',
  'garden',
  'field',
  'meadow',
  'snow',
  'sky',
];

export interface PaintedSettingSpec {
  place?: ScenePlace;
  time?: SceneTime;
  weather?: SceneWeather;
  season?: SceneSeason;
}

export function paintedSetting(
  scene: Pick<ReadScene, 'places' | 'time' | 'weather' | 'season'>,
): PaintedSettingSpec {
  const place = FRAMING.find((p) => scene.places.includes(p));
  let season = scene.season;
  if (place !== 'snow' && scene.places.includes('snow') && !season) season = 'winter';
  return {
    ...(place ? { place } : {}),
    ...(scene.time ? { time: scene.time } : {}),
    ...(scene.weather ? { weather: scene.weather } : {}),
    ...(season ? { season } : {}),
  };
}

/** Whether a scene names any setting at all (otherwise the abstract background stays). */
export function namesASetting(scene: Pick<ReadScene, 'places' | 'time' | 'weather' | 'season'>): boolean {
  return scene.places.length > 0 || Boolean(scene.time || scene.weather || scene.season);
}
