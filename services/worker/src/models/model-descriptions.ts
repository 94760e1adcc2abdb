// What a worker advertises about each model it loaded: a title users can read (never the raw id), the
// licence, size, source and how the model runs.
import { ABSTRACT_GENERATE_MODEL, DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import type { ModelLicence } from '@pictura/common/model-manifest';
import { DEFAULT_UPSCALE_MODEL } from '@pictura/common/queues';
import { EMOJI_GUIDANCE, EMOJI_STEPS } from '../generate/emoji/emoji.model.ts';
import type { ModelFolder } from './model-folders.ts';
import type { Generator, RegisteredModel } from './registered-model.ts';

/** The built-ins are networks this project builds in code: they come with the product. */
const BUILTIN_LICENCE: ModelLicence = { name: 'Part of Pictura', url: '', commercialUse: true };
/** Measured on 2 CPU threads (MODELS.md): the built-in upscaler's time per output megapixel. */
const BUILTIN_UPSCALE_MS_PER_MP = 49;

/**
 * What both built-in generators share: any size (512² natively), the negative prompt used, and no image check
 * (see each for why).
 */
const BUILTIN_GENERATE_SETTINGS = {
  width: 512,
  height: 512,
  fixedSize: false,
  negativePrompt: true,
  imageCheck: false,
} as const;

export function builtinGenerator(provider: string): RegisteredModel {
  return {
    name: ABSTRACT_GENERATE_MODEL,
    kind: 'generate',
    title: 'Pictura Abstract (demo)',
    description:
      'Built-in abstract-art model: a pattern-producing network the project builds, not a trained diffusion model. It paints colours and shapes from the prompt, not the things it names.',
    builtin: true,
    isDefault: false,
    licence: BUILTIN_LICENCE,
    sizeBytes: 0,
    source: 'builtin',
    // nsfwjs's photo classifier flagged 8 of 40 harmless prompts × styles on these colour fields (watercolour
    // pastels read as "porn" up to 0.93): noise on a model that cannot draw a person, so no image check.
    // It paints from the prompt alone: no starting image (a variation needs a model that can read one).
    settings: { ...BUILTIN_GENERATE_SETTINGS, steps: 1, guidance: 0, imageInput: false },
    provider,
  };
}

/**
 * Pictura Scenes: the scene reader, picture library and painter (built by this project, committed with its
 * model card); `sizeBytes` of its files, `concepts` the things it can draw.
 */
export function builtinEmojiGenerator(
  provider: string,
  sizeBytes: number,
  concepts: number,
  pipeline: Pick<Generator, 'transparentBackground'>,
): RegisteredModel {
  return {
    name: DEFAULT_GENERATE_MODEL,
    kind: 'generate',
    title: 'Pictura Scenes',
    description: `Built by this project: reads a prompt in any of 16 languages as a scene of up to five things from the ${concepts.toLocaleString('en')} it can draw (from its picture library: emoji drawn by Noto Color Emoji, public-domain clip art and Tux Paint stamps, vector ones crisp at any size), with their counts and how they stand, and paints its setting (places, time of day, weather, seasons) with a built-in scene painter drawn in code, not trained. Under each picture it says what it drew and which words it could not place. Image-to-image redraws the subject with Pictura Emoji, a small model trained on Noto Emoji. Not a photographic model: flat illustrations.`,
    builtin: true,
    isDefault: true,
    licence: BUILTIN_LICENCE,
    sizeBytes,
    source: 'builtin',
    // Everything it can draw is an emoji, Open Clip Art Library clip art or a Tux Paint stamp (made for every
    // audience, Tux Paint's for children) on a painted or abstract background, which nsfwjs misreads (see
    // above); the prompt check still applies.
    // It draws in pixel space, so a starting image needs no encoder (emoji.pipeline.ts, image-to-image).
    settings: {
      ...BUILTIN_GENERATE_SETTINGS,
      steps: EMOJI_STEPS,
      guidance: EMOJI_GUIDANCE,
      imageInput: true,
      transparentBackground: pipeline.transparentBackground === true,
    },
    provider,
  };
}

export function builtinUpscaler(provider: string): RegisteredModel {
  return {
    name: DEFAULT_UPSCALE_MODEL,
    kind: 'upscale',
    title: 'Pictura Upscale 4x',
    description:
      'Built-in 4x upscaler: a sharpened, edge-aware resampling graph the project builds, not a trained network.',
    builtin: true,
    isDefault: true,
    licence: BUILTIN_LICENCE,
    sizeBytes: 0,
    source: 'builtin',
    msPerOutputMegapixel: BUILTIN_UPSCALE_MS_PER_MP,
    provider,
  };
}

export function operatorSafety(provider: string): RegisteredModel {
  return {
    name: 'operator-safety',
    kind: 'safety',
    title: 'Image check (operator supplied)',
    description: 'The image classifier configured with SAFETY_MODEL_PATH.',
    builtin: false,
    isDefault: false,
    licence: { name: 'Not stated', url: '', commercialUse: false },
    sizeBytes: 0,
    source: 'local',
    provider,
  };
}

/** "tiny-turbo_v2" → "Tiny Turbo V2": a readable title for an operator's folder without one. */
export function titleFromName(name: string): string {
  return name
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

const KIND_WORDS = {
  generate: 'Text-to-image model',
  upscale: '4x upscale model',
  safety: 'Image safety classifier',
} as const;

export function describeFolder(
  folder: ModelFolder,
  loaded: { kind: 'generate'; value: Generator } | { kind: 'upscale' | 'safety'; value: unknown },
  provider: string,
): RegisteredModel {
  const manifest = folder.manifest;
  const model: RegisteredModel = {
    name: folder.name,
    kind: folder.kind,
    title: manifest?.title ?? titleFromName(folder.name),
    description: manifest?.description ?? `${KIND_WORDS[folder.kind]} supplied by the operator.`,
    builtin: false,
    isDefault: false,
    licence: manifest?.licence ?? { name: 'Not stated', url: '', commercialUse: false },
    sizeBytes: folder.sizeBytes,
    source: manifest?.source ?? 'local',
    ...(manifest?.installedAt ? { installedAt: manifest.installedAt } : {}),
    provider,
  };
  if (loaded.kind === 'generate') {
    const info = loaded.value.info;
    if (info) {
      model.settings = {
        steps: info.steps,
        guidance: info.guidanceScale,
        width: info.nativeWidth,
        height: info.nativeHeight,
        fixedSize: info.fixedSize,
        negativePrompt: info.negativePromptUsed,
        imageInput: loaded.value.imageInput === true,
        transparentBackground: loaded.value.transparentBackground === true,
      };
    }
  }
  if (folder.kind === 'upscale') {
    const timing = manifest?.timing;
    const measured = provider === 'cuda' ? timing?.gpu : timing?.cpu;
    if (measured) model.msPerOutputMegapixel = measured;
  }
  return model;
}
