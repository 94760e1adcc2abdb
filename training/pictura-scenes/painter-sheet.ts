// Run: npx tsx training/pictura-scenes/painter-sheet.ts [places,comma,separated] [out.png] (default /tmp/painter-sheet.png).
// Contact sheet of the scene painter for eyes: every place (rows) under a few times, weathers and seasons
// (columns), then the props. A dev tool, not product code.
import { SCENE_PLACES, type ScenePlace } from '@pictura/common/scene';
import sharp, { type OverlayOptions } from 'sharp';
import { paintSetting, type SettingSpec } from '../../services/worker/src/generate/scene/scene.painter.ts';
import { PROPS, paintProp } from '../../services/worker/src/generate/scene/scene.props.ts';

const TILE = 192;
const COLUMNS: SettingSpec[] = [
  { time: 'day' },
  { time: 'dawn' },
  { time: 'sunset' },
  { time: 'night' },
  { time: 'day', weather: 'clouds', season: 'autumn' },
  { time: 'day', weather: 'rain', season: 'spring' },
  { time: 'day', weather: 'fog' },
  { time: 'sunset', weather: 'storm' },
  { time: 'night', weather: 'snowfall', season: 'winter' },
];

const [placeArg, outArg] = process.argv.slice(2);
const places: (ScenePlace | undefined)[] = placeArg
  ? (placeArg.split(',') as ScenePlace[])
  : [...SCENE_PLACES, undefined];
const out = outArg ?? '/tmp/painter-sheet.png';

const tiles: OverlayOptions[] = [];
let row = 0;
const timings: string[] = [];
for (const place of places) {
  const started = performance.now();
  for (const [col, column] of COLUMNS.entries()) {
    const painted = await paintSetting({ ...column, place }, TILE, TILE, 7 + row * 31 + col);
    const input = await sharp(painted.data, { raw: { width: TILE, height: TILE, channels: 3 } })
      .png()
      .toBuffer();
    tiles.push({ input, left: col * TILE, top: row * TILE });
  }
  timings.push(`${place ?? 'land'} ${((performance.now() - started) / COLUMNS.length).toFixed(1)} ms/tile`);
  row++;
}
if (!placeArg) {
  for (const [col, name] of PROPS.entries()) {
    const prop = await paintProp(name, TILE - 16, TILE - 16, col);
    const input = await sharp(prop.data, { raw: { width: prop.width, height: prop.height, channels: 4 } })
      .png()
      .toBuffer();
    tiles.push({ input, left: col * TILE + 8, top: row * TILE + 8 });
  }
  row++;
}
await sharp({
  create: {
    width: COLUMNS.length * TILE + (PROPS.length > COLUMNS.length ? TILE : 0),
    height: row * TILE,
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(tiles)
  .png()
  .toFile(out);
console.log(timings.join('\n'));
console.log(`wrote ${out}`);
