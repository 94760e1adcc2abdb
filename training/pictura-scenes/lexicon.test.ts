// Pictura Scenes' lexicon is reproducible: rebuilt from Debian's packages by its script (for the committed
// model and picture library), it is byte for byte the committed scene-lexicon.json and the web app's concept
// names, so what ships is what the script makes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { EMOJI_MODEL_DIR } from '../../services/worker/src/generate/emoji/emoji.model.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pictura-scenes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('rebuilds the committed lexicon and concept names from the same packages', { timeout: 300_000 }, () => {
  const model = join(work, 'model');
  const names = join(work, 'names');
  execFileSync('mkdir', ['-p', model]);
  // The model's vocabulary and the picture library's index: the lexicon indexes the concepts of both.
  for (const file of ['vocabulary.json', 'pictures.json'])
    symlinkSync(join(EMOJI_MODEL_DIR, file), join(model, file));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'training/pictura-scenes/build-lexicon.ts',
      '--model-dir',
      model,
      '--web-names',
      names,
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  const read = (path: string) => readFileSync(path, 'utf8');
  expect(read(join(model, 'scene-lexicon.json')) === read(join(EMOJI_MODEL_DIR, 'scene-lexicon.json'))).toBe(
    true,
  );
  const committed = join(ROOT, 'web/public/scene-names');
  expect(readdirSync(names).sort()).toEqual(readdirSync(committed).sort());
  for (const file of readdirSync(names))
    expect(read(join(names, file)), file).toBe(read(join(committed, file)));
});
