// The committed Pictura Emoji draws what prompts name, offline: the five prompts in four languages
// each give a picture nearer to the named emoji's own picture than to about 60 others, and the text
// encoder says what it drew. Pictures are told apart as in the evaluation (picture-distance.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMOJI_MODEL_DIR,
  type EmojiModel,
  loadEmojiModel,
} from '../../services/worker/src/generate/emoji/emoji.model.ts';
import { renderPicture } from './build-dataset.ts';
import { fetchSources } from './emoji-sources.ts';
import { rankByNearest, smallFromPlanes, smallFromRgba } from './picture-distance.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Each prompt and the emoji that are right answers for it. */
const CASES = [
  { prompt: 'a red fox', accept: ['🦊'] },
  { prompt: 'a snowman', accept: ['☃️', '⛄'] },
  { prompt: 'pizza', accept: ['🍕'] },
  { prompt: '一只猫', accept: ['🐈', '🐱'] },
  { prompt: 'un cohete', accept: ['🚀'] },
];
const RIGHT_ANSWERS = new Set(CASES.flatMap((c) => c.accept));

let model: EmojiModel;
let references: { concept: number; small: Float32Array }[];

beforeAll(async () => {
  model = await loadEmojiModel(ort, { executionProviders: ['cpu'] });
  const sources = fetchSources(join(ROOT, '.cache', 'pictura-emoji'));
  // Every right answer, and every 23rd concept (about 60) as the wrong ones.
  references = [];
  for (const [index, concept] of model.concepts.entries()) {
    if (index % 23 !== 0 && !RIGHT_ANSWERS.has(concept.emoji)) continue;
    const rgba = await renderPicture(sources.font, concept.emoji, 64);
    references.push({ concept: index, small: smallFromRgba(rgba) });
  }
}, 120_000);

afterAll(() => model?.release());

describe('the committed Pictura Emoji model', () => {
  it.each(CASES)('draws "$prompt"', async ({ prompt, accept }) => {
    const understood = await model.understand(prompt);
    expect(accept, `understood as ${understood.concept?.name}`).toContain(understood.concept?.emoji);
    const planes = await model.sample(understood.concept!.index, undefined, new Float32Array(6), 11);
    const [nearest] = rankByNearest(smallFromPlanes(planes), references);
    expect(accept, `looks most like ${model.concepts[nearest!]!.name}`).toContain(
      model.concepts[nearest!]!.emoji,
    );
  });

  it('says when nothing in the prompt is in its vocabulary', async () => {
    expect(await model.understand('zzkx qwv')).toEqual({});
    expect(await model.understand('')).toEqual({});
  });

  it('ships a model card that names its data, licences and training run', () => {
    const card = readFileSync(join(EMOJI_MODEL_DIR, 'MODEL_CARD.md'), 'utf8');
    for (const fact of ['SIL Open Font License', 'Unicode', 'CLDR', 'seed', 'steps', 'top-1', 'top-5'])
      expect(card).toContain(fact);
  });
});
