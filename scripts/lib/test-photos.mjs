#!/usr/bin/env node
// Fetches, once, the real inputs that the model tests and benches need into the gitignored `.cache/`:
// - photos from Debian's `python3-skimage` and `python-matplotlib-data` packages (the images scikit-image
//   and matplotlib ship for their own examples), copied out of the .deb files to `.cache/photos/`;
// - Pictura Emoji's training sources (Debian's emoji font, Unicode and CLDR data) in `.cache/pictura-emoji/`;
// - the `nsfwjs` npm package (its MobileNetV2 weights), verified against the catalogue's integrity hash and
//   extracted to `.cache/npm/nsfwjs-<version>/package`. It is not a dev dependency because its `engines`
//   pins one exact Node version, which `engine-strict` would refuse on every other.
// Tests never download: they fail naming this script when something is missing. Run:
//   node scripts/lib/test-photos.mjs
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractDebianPackages } from './debian-packages.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CACHE_DIR = join(ROOT, '.cache');
export const PHOTOS_DIR = join(CACHE_DIR, 'photos');

const SKIMAGE = { deb: 'python3-skimage', dir: 'usr/lib/python3/dist-packages/skimage/data' };
const MATPLOTLIB = { deb: 'python-matplotlib-data', dir: 'usr/share/matplotlib/mpl-data/sample_data' };

/** Photo name → the package that ships it and its file there. */
export const PHOTOS = {
  astronaut: { ...SKIMAGE, file: 'astronaut.png' },
  chelsea: { ...SKIMAGE, file: 'chelsea.png' },
  coffee: { ...SKIMAGE, file: 'coffee.png' },
  rocket: { ...SKIMAGE, file: 'rocket.jpg' },
  motorcycle_left: { ...SKIMAGE, file: 'motorcycle_left.png' },
  camera: { ...SKIMAGE, file: 'camera.png' },
  brick: { ...SKIMAGE, file: 'brick.png' },
  hubble_deep_field: { ...SKIMAGE, file: 'hubble_deep_field.jpg' },
  grace_hopper: { ...MATPLOTLIB, file: 'grace_hopper.jpg' },
};

export function photoFile(name) {
  const photo = PHOTOS[name];
  if (!photo) throw new Error(`no test photo named ${name}`);
  return join(PHOTOS_DIR, photo.file);
}

const catalogue = JSON.parse(readFileSync(join(ROOT, 'services/common/src/model-catalogue.json'), 'utf8'));
const nsfwSource = catalogue.models.find(
  (m) => m.source?.type === 'npm' && m.source.package === 'nsfwjs',
).source;
/** The nsfwjs release the catalogue pins, with the registry's integrity hash for its tarball. */
export const NSFWJS = { version: nsfwSource.version, integrity: nsfwSource.integrity };
export const NSFWJS_DIR = join(CACHE_DIR, 'npm', `nsfwjs-${NSFWJS.version}`, 'package');

export function fetchPhotos(log = console.log) {
  const missing = Object.keys(PHOTOS).filter((name) => !existsSync(photoFile(name)));
  if (missing.length === 0) return;
  log(`fetching test photos: ${missing.join(', ')}`);
  const work = mkdtempSync(join(CACHE_DIR, 'photos-'));
  try {
    const debs = [...new Set(missing.map((name) => PHOTOS[name].deb))];
    const extracted = join(work, 'x');
    extractDebianPackages(debs, work, extracted);
    mkdirSync(PHOTOS_DIR, { recursive: true });
    for (const name of missing) {
      const { dir, file } = PHOTOS[name];
      // Copy under a temporary name first so an interrupted run never leaves a truncated photo.
      copyFileSync(join(extracted, dir, file), `${photoFile(name)}.part`);
      renameSync(`${photoFile(name)}.part`, photoFile(name));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function fetchNsfwjs(log = console.log) {
  if (existsSync(join(NSFWJS_DIR, 'package.json'))) return;
  log(`fetching nsfwjs@${NSFWJS.version} from the npm registry`);
  const work = mkdtempSync(join(CACHE_DIR, 'npm-'));
  try {
    // `npm pack` fetches through the npm client, so the machine's registry and proxy settings apply.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `nsfwjs@${NSFWJS.version}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const tarball = join(work, packed[0].filename);
    const [algorithm, expected] = NSFWJS.integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected)
      throw new Error(`nsfwjs tarball integrity ${algorithm}-${actual}, expected ${NSFWJS.integrity}`);
    execFileSync('tar', ['xzf', tarball, '-C', work]);
    const target = join(NSFWJS_DIR, '..');
    mkdirSync(join(target, '..'), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    renameSync(join(work, 'package'), NSFWJS_DIR);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Pictura Emoji's training sources (font, Unicode and CLDR packages), for the training test. */
export function fetchEmojiSources() {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'training/pictura-emoji/build-dataset.ts', '--sources-only'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

export function fetchTestAssets(log = console.log) {
  mkdirSync(CACHE_DIR, { recursive: true });
  fetchPhotos(log);
  fetchNsfwjs(log);
  fetchEmojiSources();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  fetchTestAssets();
  console.log(`test assets ready in ${CACHE_DIR}`);
}
