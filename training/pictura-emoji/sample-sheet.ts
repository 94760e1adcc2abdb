// Pictura Emoji's and Pictura Scenes' sample sheets: 24 prompts in many languages through the product's own
// pipeline (reader, model, built-in upscaler, scene painter or abstract background), each labelled with its
// prompt and what it drew. `--set emoji` (samples.png): one thing per prompt, the sheet Pictura Emoji's model
// card has kept since it shipped; `--set scenes` (scenes.png): prompts as people write them; `--set library`
// (library.png): things drawn from the picture library at 512 px, four seeds of one prompt, the colour options.
//   npx tsx training/pictura-emoji/sample-sheet.ts [--set emoji|scenes|library] [--model-dir DIR] [--out FILE]
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

/** The picture library's sheet: things the 64 px model smeared or lacked, drawn at 512 px; four seeds of a dog. */
export const LIBRARY_PROMPTS: { prompt: string; style?: Style; color?: Color; seed?: number }[] = [
  { prompt: 'a giraffe' },
  { prompt: 'a lighthouse' },
  { prompt: 'a windmill' },
  { prompt: 'a sofa' },
  { prompt: 'a red sports car' },
  { prompt: 'a violin' },
  { prompt: 'a sailing ship' },
  { prompt: 'a teddy bear' },
  { prompt: 'a tractor' },
  { prompt: 'a hot air balloon' },
  { prompt: 'a dog', seed: 1 },
  { prompt: 'a dog', seed: 2 },
  { prompt: 'a dog', seed: 3 },
  { prompt: 'a dog', seed: 4 },
  { prompt: 'a fox' },
  { prompt: 'a fox', color: 'black_and_white' },
  { prompt: 'a fox', color: 'cyberpunk_neon' },
  { prompt: 'a fox', style: 'pixel_art' },
  { prompt: 'eine Giraffe in der Wüste' },
  { prompt: '草原上的拖拉机' },
  { prompt: 'un violon sur une table' },
  { prompt: 'a penguin on the beach' },
  { prompt: 'the flag of Japan' },
  { prompt: 'a rocket in space' },
];

export const SCENE_PROMPTS: { prompt: string; style?: Style; color?: Color }[] = [
  { prompt: 'a red fox in the snow' },
  { prompt: 'a cat sitting on a windowsill at sunset' },
  { prompt: 'three red apples on a wooden table' },
  { prompt: 'a sunken ship at the bottom of the ocean' },
  { prompt: 'an astronaut riding a horse on the moon' },
  { prompt: '一只熊猫在竹林里吃竹子' },
  { prompt: 'un perro en la playa' },
  { prompt: 'две кошки на диване' },
  { prompt: 'a lighthouse on a cliff at dusk' },
  { prompt: 'a rainy street at night, a person with an umbrella' },
  { prompt: 'a penguin in the snow at night' },
  { prompt: 'a hot air balloon over the mountains' },
  { prompt: '夕焼けの海辺を走る犬' },
  { prompt: 'deux chats dans un jardin' },
  { prompt: 'ein Hund und eine Katze im Wald' },
  { prompt: 'a bowl of ramen on a kitchen table' },
  { prompt: 'a rocket in space' },
  { prompt: 'a camel in the desert at sunset' },
  { prompt: 'a snowman in a field, snowfall' },
  { prompt: 'a frog in a pond in spring' },
  { prompt: 'a dragon flying over a castle' },
  { prompt: '바닷속의 문어' },
  { prompt: 'a tractor in a wheat field', style: 'pixel_art' },
  { prompt: 'una tartaruga sulla spiaggia', style: 'watercolor' },
];

const CELL = 256;
const LABEL = 44;
const COLUMNS = 6;

function escapeMarkup(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function main() {
  const { values } = parseArgs({
    options: {
      'model-dir': { type: 'string' },
      out: { type: 'string' },
      set: { type: 'string', default: 'emoji' },
    },
  });
  const modelDir = values['model-dir'] ?? EMOJI_MODEL_DIR;
  const set = values.set as 'emoji' | 'scenes' | 'library';
  const prompts: { prompt: string; style?: Style; color?: Color; seed?: number }[] =
    set === 'scenes' ? SCENE_PROMPTS : set === 'library' ? LIBRARY_PROMPTS : SAMPLE_PROMPTS;
  const out = values.out ?? join(modelDir, `${set === 'emoji' ? 'samples' : set}.png`);
  // The library's sheet is drawn at 512 px and shown at 256, so its cells show how it looks at full size.
  const drawn = set === 'library' ? 2 * CELL : CELL;
  const background = await createAbstractPipeline(ort);
  const upscaler = await createBuiltinUpscaler(ort);
  const pipeline = await createEmojiPipeline(
    ort,
    { executionProviders: ['cpu'] },
    { background, upscaler, modelDir },
  );
  const tiles: OverlayOptions[] = [];
  for (const [i, sample] of prompts.entries()) {
    const image = await pipeline.generate({
      prompt: sample.prompt,
      negativePrompt: '',
      width: drawn,
      height: drawn,
      seed: sample.seed ?? 7 + i,
      style: sample.style ?? 'none',
      color: sample.color ?? 'none',
      lighting: 'none',
      composition: 'none',
    });
    const left = (i % COLUMNS) * CELL;
    const top = Math.floor(i / COLUMNS) * (CELL + LABEL);
    tiles.push({
      input: await sharp(Buffer.from(image.data), { raw: { width: drawn, height: drawn, channels: 3 } })
        .resize(CELL, CELL, { kernel: 'lanczos3' })
        .png()
        .toBuffer(),
      left,
      top,
    });
    const options = [sample.style, sample.color, sample.seed && `seed ${sample.seed}`]
      .filter(Boolean)
      .join(', ');
    const scene = image.scene;
    const things = scene?.subjects.map((s) => `${s.count > 1 ? `${s.count} ` : ''}${s.name}`).join(', ');
    const drew =
      scene && (things || scene.setting.length)
        ? `→ ${[things, ...scene.setting].filter(Boolean).join(' · ')}`
        : '→ abstract (not in its vocabulary)';
    const label = `<span font="DejaVu Sans 11">${escapeMarkup(sample.prompt)}${options ? ` <i>(${options})</i>` : ''}\n<span foreground="#555">${escapeMarkup(drew)}</span></span>`;
    const text = await sharp({ text: { text: label, width: CELL - 8, rgba: true, dpi: 72 } })
      .png()
      .toBuffer();
    tiles.push({ input: text, left: left + 4, top: top + CELL + 2 });
  }
  const rows = Math.ceil(prompts.length / COLUMNS);
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
