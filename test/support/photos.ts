// Real photos and the real nsfwjs package for model tests, from the gitignored `.cache/` that
// `node scripts/lib/test-photos.mjs` fills (CI runs it after `npm ci`). Tests never download them: a
// missing file fails the test with the command that fetches it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NSFWJS_DIR, PHOTOS, photoFile } from '../../scripts/lib/test-photos.mjs';

export type PhotoName =
  | 'astronaut'
  | 'chelsea'
  | 'coffee'
  | 'rocket'
  | 'motorcycle_left'
  | 'camera'
  | 'brick'
  | 'hubble_deep_field'
  | 'grace_hopper';

export const PHOTO_NAMES = Object.keys(PHOTOS) as PhotoName[];

const FETCH_HINT =
  'run `node scripts/lib/test-photos.mjs` once to fetch the test photos and nsfwjs into .cache/';

/** The photo's file (PNG or JPEG); throws when it has not been fetched. */
export function photoPath(name: PhotoName): string {
  const path = photoFile(name);
  if (!existsSync(path)) throw new Error(`test photo ${name} is missing (${path}): ${FETCH_HINT}`);
  return path;
}

/** Throws, naming every missing photo, unless all the named photos (default: all) are in the cache. */
export function ensurePhotos(names: readonly PhotoName[] = PHOTO_NAMES): void {
  const missing = names.filter((name) => !existsSync(photoFile(name)));
  if (missing.length > 0) throw new Error(`test photos missing: ${missing.join(', ')}: ${FETCH_HINT}`);
}

/** The extracted nsfwjs npm package (the folder holding its package.json); throws when not fetched. */
export function nsfwjsPackageDir(): string {
  if (!existsSync(join(NSFWJS_DIR, 'package.json'))) {
    throw new Error(`the nsfwjs package is missing (${NSFWJS_DIR}): ${FETCH_HINT}`);
  }
  return NSFWJS_DIR;
}
