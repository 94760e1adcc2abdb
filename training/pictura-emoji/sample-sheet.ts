// Pictura Emoji's sample sheet: 24 prompts in many languages through the product's own pipeline (model,
// built-in upscaler, abstract background), each labelled with its prompt and what it drew.
//   npx tsx training/pictura-emoji/sample-sheet.ts [--model-dir DIR] [--out FILE]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Color, Style } from '@pictura/common/generation-options';
import * as ort from 'onnxruntime-node';
import sharp, { type OverlayOptions } from 'sharp';
import { createAbstractPipeline } from '../../services/worker/src/generate/abstract.pipeline.ts';
import { EMOJI_MODEL_DIR } from '../../services/worker/src/generate/emoji/emoji.model.ts';
import { createEmojiPipeline } from '../../services/worker/src/generate/emoji/emoji.pipeline.ts';
import { createBuiltinUpscaler } from '../../services/worker/src/upscale/upscale.pipeline.ts';

export const SAMPLE_PROMPTS: { prompt: string; style?: Style; color?: Color }[] = [
  { prompt: 'a red fox' },
  { prompt: 'a snowman' },
  { prompt: 'pizza' },
  { prompt: '一只猫' },
  { prompt: 'un cohete' },
  { prompt: 'a birthday cake' },
  { prompt: 'ein Hund' },
  { prompt: 'un papillon' },
  { prompt: 'ジェットコースター' },
  { prompt: '무지개' },
  { prompt: 'подсолнух' },
  { prompt: 'سيارة' },
  { prompt: 'quả dưa hấu' },
  { prompt: 'ช้าง' },
  { prompt: 'sebuah gitar' },
  { prompt: 'uma tartaruga' },
  { prompt: 'una chitarra' },
  { prompt: '一棵聖誕樹' },
  { prompt: 'a castle', style: 'pixel_art' },
  { prompt: 'an octopus', color: 'cyberpunk_neon' },
  { prompt: 'a camera', color: 'black_and_white' },
  { prompt: 'a balloon', style: 'flat_design', color: 'warm' },
  { prompt: 'a penguin', color: 'cold' },
  { prompt: 'the theory of relativity' },
];

const CELL = 256;
const LABEL = 44;
const COLUMNS = 6;

function escapeMarkup(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function main() {
  const { values } = parseArgs({ options: { 'model-dir': { type: 'string' }, out: { type: 'string' } } });
  const modelDir = values['model-dir'] ?? EMOJI_MODEL_DIR;
  const out = values.out ?? join(modelDir, 'samples.png');
  const background = await createAbstractPipeline(ort);
  const upscaler = await createBuiltinUpscaler(ort);
  const pipeline = await createEmojiPipeline(
    ort,
    { executionProviders: ['cpu'] },
    { background, upscaler, modelDir },
  );
  const tiles: OverlayOptions[] = [];
  for (const [i, sample] of SAMPLE_PROMPTS.entries()) {
    const image = await pipeline.generate({
      prompt: sample.prompt,
      negativePrompt: '',
      width: CELL,
      height: CELL,
      seed: 7 + i,
      style: sample.style ?? 'none',
      color: sample.color ?? 'none',
      lighting: 'none',
      composition: 'none',
    });
    const left = (i % COLUMNS) * CELL;
    const top = Math.floor(i / COLUMNS) * (CELL + LABEL);
    tiles.push({
      input: Buffer.from(image.data),
      raw: { width: CELL, height: CELL, channels: 3 },
      left,
      top,
    });
    const options = [sample.style, sample.color].filter(Boolean).join(', ');
    const drew = image.subject?.found ? `→ ${image.subject.name}` : '→ abstract (not in its vocabulary)';
    const label = `<span font="DejaVu Sans 11">${escapeMarkup(sample.prompt)}${options ? ` <i>(${options})</i>` : ''}\n<span foreground="#555">${escapeMarkup(drew)}</span></span>`;
    const text = await sharp({ text: { text: label, width: CELL - 8, rgba: true, dpi: 72 } })
      .png()
      .toBuffer();
    tiles.push({ input: text, left: left + 4, top: top + CELL + 2 });
  }
  const rows = Math.ceil(SAMPLE_PROMPTS.length / COLUMNS);
  await sharp({
    create: { width: COLUMNS * CELL, height: rows * (CELL + LABEL), channels: 3, background: '#ffffff' },
  })
    .composite(tiles)
    .png()
    .toFile(out);
  await pipeline.release();
  console.log(`wrote ${out}`);
}

await main();
