// Pictura Scenes: a prompt as people write it → a picture of those things in that setting. The reader turns
// the prompt into a scene; Pictura Emoji draws each thing (all in one batch), the scene painter draws the
// props it has no emoji for and paints the setting (the abstract model paints the background of a prompt that
// names none); the layout places the things by their relations, counts and depth; the compositor pastes them
// with contact shadows; the generator's options are applied last. Transparent: the things alone, on alpha.
import type { ImageScene, SceneSettingName } from '@pictura/common/scene';
import type { Upscaler } from '../../upscale/upscale.pipeline.ts';
import type { GenerateParams, ImagePipeline, RenderedImage } from '../abstract.pipeline.ts';
import { EMOJI_STEPS, type EmojiModel } from '../emoji/emoji.model.ts';
import { emojiStyleVector } from '../emoji/emoji.styles.ts';
import {
  type Canvas,
  NO_LIGHT,
  paste,
  recolour,
  type Sprite,
  softenBackground,
  spriteFromPlanes,
  trimSprite,
} from './scene.compositor.ts';
import { type Ground, layoutScene } from './scene.layout.ts';
import type { SceneLexicon } from './scene.lexicon.ts';
import type { PictureLibrary } from './scene.library.ts';
import { applyLook } from './scene.looks.ts';
import { paintSetting } from './scene.painter.ts';
import { paintProp } from './scene.props.ts';
import { type ReadScene, readScene } from './scene.reader.ts';
import { namesASetting, paintedSetting } from './scene.setting.ts';
import { SCENE_STYLES } from './words/scene-words.ts';

/** Where things stand on a background that names no setting (the abstract picture): a low horizon. */
const ABSTRACT_GROUND: Ground = { top: 0.62, bottom: 0.9, floating: false, fill: 0.7 };
/** Things alone on transparency stand on the bottom edge. */
const STICKER_GROUND: Ground = { top: 0.8, bottom: 0.97, floating: false, fill: 0.8 };
/** Pictures of one thing per concept drawn at most: two for counted things, so copies differ. */
const VARIANTS_FOR_COPIES = 2;
const PROP_SIDE = 384;
/** Largest side a library picture is drawn at (the compositor shrinks it to its place). */
const LIBRARY_MAX_SIDE = 768;

export interface ScenePainter {
  /** How many things it can draw: the library's concepts, or the model's where it has no library. */
  readonly concepts: number;
  read(prompt: string): ReadScene;
  /** The first thing of a prompt that Pictura Emoji draws (a negative prompt's, a starting image's subject). */
  mainConcept(prompt: string): ReadScene['things'][number] | undefined;
  render(params: GenerateParams, onProgress?: (done: number, total: number) => void): Promise<RenderedImage>;
}

/** The scene as the API reports it: English names, settings in order, words it could not place. */
export function describeScene(scene: ReadScene): ImageScene {
  const setting: SceneSettingName[] = [
    ...scene.places,
    ...(scene.time ? [scene.time] : []),
    ...(scene.weather ? [scene.weather] : []),
    ...(scene.season ? [scene.season] : []),
  ];
  return {
    subjects: scene.things.map((thing) => ({
      name: thing.name,
      ...(thing.emoji ? { emoji: thing.emoji } : {}),
      count: thing.count,
      ...(thing.colour ? { colour: thing.colour } : {}),
      ...(thing.position ? { position: thing.position } : {}),
    })),
    relations: scene.relations.map((r) => ({ ...r })),
    setting,
    // The generator's own style names ("watercolor", "pixel_art"), which every page already translates.
    style: [...new Set(scene.styles.map((name) => SCENE_STYLES[name]).filter((option) => option !== 'none'))],
    unplaced_words: [...scene.unplaced],
  };
}

export function createScenePainter(parts: {
  model: EmojiModel;
  lexicon: SceneLexicon;
  background: ImagePipeline;
  upscaler: Upscaler;
  /** The pictures things are drawn from; a concept it lacks is drawn by Pictura Emoji. */
  library?: PictureLibrary;
}): ScenePainter {
  const { model, lexicon, background, upscaler, library } = parts;
  const conceptSize = (concept: number) => lexicon.concepts[concept]?.size ?? 0.7;
  /** The prompt's first thing Pictura Emoji can draw (the picture library's own concepts it cannot). */
  const mainConcept = (prompt: string) =>
    prompt.trim()
      ? readScene(prompt, lexicon).things.find(
          (thing) => thing.concept !== undefined && thing.concept < model.concepts.length,
        )
      : undefined;

  /** The abstract model's picture for the prompt (it paints from text alone, opaque). */
  const paintAbstract = (params: GenerateParams) => {
    const { init: _, transparent: __, ...textOnly } = params;
    return background.generate(textOnly);
  };

  /**
   * One sprite list per thing: its variants (pictures from the library, Pictura Emoji's drawings in one batch
   * for a concept the library lacks, or the painted prop).
   */
  async function drawThings(
    scene: ReadScene,
    params: GenerateParams,
    onStep: (step: number) => void,
  ): Promise<Sprite[][]> {
    const items: { thing: number; concept: number; seed: number }[] = [];
    const pictures: { thing: number; concept: number; seed: number }[] = [];
    scene.things.forEach((thing, i) => {
      if (thing.concept === undefined || thing.prop) return;
      const fromLibrary = library?.has(thing.concept) ?? false;
      const variants = thing.count > 1 ? VARIANTS_FOR_COPIES : 1;
      for (let v = 0; v < variants; v++) {
        // The library's choice walks with the seed (four seeds, four pictures); the model's is noise.
        if (fromLibrary)
          pictures.push({ thing: i, concept: thing.concept, seed: (params.seed + i + v) >>> 0 });
        else if (thing.concept < model.concepts.length)
          items.push({ thing: i, concept: thing.concept, seed: (params.seed + i * 7919 + v * 104729) >>> 0 });
      }
    });
    const pictureSide = Math.min(LIBRARY_MAX_SIDE, Math.max(params.width, params.height));
    const libraryDrawn = Promise.all(
      pictures.map((item) => library!.draw(item.concept, item.seed, pictureSide)),
    );
    const negative = mainConcept(params.negativePrompt)?.concept;
    const [planes, props] = await Promise.all([
      items.length
        ? model.sampleBatch(items, negative, emojiStyleVector(params.style, params.color), onStep)
        : Promise.resolve([]),
      Promise.all(
        scene.things.map((thing, i) =>
          thing.prop ? paintProp(thing.prop, PROP_SIDE, PROP_SIDE, (params.seed + i) >>> 0) : undefined,
        ),
      ),
    ]);
    const sprites: Sprite[][] = scene.things.map(() => []);
    (await libraryDrawn).forEach((sprite, k) => {
      sprites[pictures[k]!.thing]!.push(sprite);
    });
    const drawn = await Promise.all(planes.map((p) => spriteFromPlanes(upscaler, p)));
    drawn.forEach((sprite, k) => {
      sprites[items[k]!.thing]!.push(sprite);
    });
    props.forEach((prop, i) => {
      if (prop) sprites[i]!.push(trimSprite(prop));
    });
    return sprites.map((list, i) => {
      const colour = scene.things[i]!.colour;
      return colour ? list.map((sprite) => recolour(sprite, colour)) : list;
    });
  }

  /** The setting painted, or the abstract model's softened picture when the prompt names none. */
  async function paintBackground(scene: ReadScene, params: GenerateParams) {
    const { width, height } = params;
    if (params.transparent)
      return {
        canvas: { data: new Uint8Array(width * height * 4), width, height, channels: 4 as const },
        ground: STICKER_GROUND,
        light: NO_LIGHT,
      };
    if (namesASetting(scene)) {
      const painted = await paintSetting(paintedSetting(scene), width, height, params.seed);
      return {
        canvas: { data: painted.data, width, height, channels: 3 as const },
        ground: { ...painted.ground, floating: painted.floating, fill: 0.5 },
        light: painted.light,
      };
    }
    return {
      canvas: await softenBackground(await paintAbstract(params)),
      ground: ABSTRACT_GROUND,
      light: NO_LIGHT,
    };
  }

  return {
    concepts: library ? lexicon.concepts.filter((_, i) => library.has(i)).length : model.concepts.length,
    read: (prompt) => readScene(prompt, lexicon),
    mainConcept,
    async render(request, onProgress) {
      const scene = readScene(request.prompt, lexicon);
      // Style words in the prompt ("pixel art", "watercolor") choose the look when the form chose none.
      const worded = scene.styles.map((name) => SCENE_STYLES[name]).find((option) => option !== 'none');
      const params = { ...request, style: request.style === 'none' && worded ? worded : request.style };
      const total = EMOJI_STEPS + 3;
      if (!scene.things.length && !namesASetting(scene) && !params.transparent) {
        // Nothing it knows: the abstract picture alone, as it says under the picture.
        const abstract = await paintAbstract(params);
        onProgress?.(total, total);
        return { ...abstract, subject: { found: false }, scene: describeScene(scene) };
      }
      const [sprites, backdrop] = await Promise.all([
        drawThings(scene, params, (step) => onProgress?.(1 + step, total)),
        paintBackground(scene, params),
      ]);
      onProgress?.(EMOJI_STEPS + 1, total);
      const canvas: Canvas = backdrop.canvas;
      const aspect = new Map(
        scene.things.map((thing, i) => {
          const first = sprites[i]![0];
          return [thing, first ? first.width / first.height : 1];
        }),
      );
      const placements = layoutScene(
        scene,
        params.width,
        params.height,
        backdrop.ground,
        params.seed,
        conceptSize,
        (thing) => aspect.get(thing) ?? 1,
      );
      onProgress?.(EMOJI_STEPS + 2, total);
      for (const placement of placements) {
        const variants = sprites[placement.thing]!;
        const sprite = variants[placement.copy % Math.max(1, variants.length)];
        if (sprite) await paste(canvas, sprite, placement, backdrop.light, !params.transparent);
      }
      applyLook(canvas, { style: params.style, color: params.color, lighting: params.lighting }, params.seed);
      onProgress?.(total, total);
      const main = scene.things[0];
      return {
        data: canvas.data,
        width: params.width,
        height: params.height,
        channels: canvas.channels,
        subject: main ? { found: true, emoji: main.emoji ?? '', name: main.name } : { found: false },
        scene: describeScene(scene),
      };
    },
  };
}
