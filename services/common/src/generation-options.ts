// The generator options of spec section 3, shared by the gateway (validation), jobs, the worker and the web app.

export const ASPECT_RATIOS = {
  square: { width: 512, height: 512 },
  portrait: { width: 512, height: 768 },
  portrait_3_4: { width: 576, height: 768 },
  portrait_9_16: { width: 576, height: 1024 },
  landscape: { width: 768, height: 512 },
  landscape_4_3: { width: 768, height: 576 },
  landscape_16_9: { width: 1024, height: 576 },
} as const;

export const STYLES = [
  'none',
  'anime',
  'pixel_art',
  'photographic',
  'flat_design',
  'cartoon',
  'cyberpunk',
  'low_poly',
  'watercolor',
] as const;

export const COLORS = ['none', 'warm', 'cold', 'black_and_white', 'cyberpunk_neon'] as const;

export const LIGHTINGS = [
  'none',
  'sunlight',
  'studio',
  'ambient_glow',
  'spotlight',
  'side_light',
  'underlighting',
] as const;

export const COMPOSITIONS = ['none'] as const;

/**
 * The background behind what is drawn: auto (opaque, as every model paints) or transparent (the subjects
 * alone, an RGBA PNG), which only models whose settings say `transparentBackground` can make. OpenAI's names.
 */
export const BACKGROUNDS = ['auto', 'opaque', 'transparent'] as const;

export type AspectRatio = keyof typeof ASPECT_RATIOS;
export type Style = (typeof STYLES)[number];
export type Color = (typeof COLORS)[number];
export type Lighting = (typeof LIGHTINGS)[number];
export type Composition = (typeof COMPOSITIONS)[number];
export type Background = (typeof BACKGROUNDS)[number];

export const PROMPT_MAX_LENGTH = 2000;
export const MAX_IMAGES_PER_REQUEST = 4;
/** Seeds are unsigned 32-bit integers (the proto's uint32, the pipelines' noise source). */
export const SEED_MAX = 2 ** 32 - 1;
export const MODEL_NAME_MAX_LENGTH = 100;
export const DEFAULT_IMAGE_COUNT = 1;

/** The aspect ratio names, square first. */
export const ASPECT_RATIO_NAMES = Object.keys(ASPECT_RATIOS) as AspectRatio[];

/** The options chosen from a list, each list's values in the order the generator offers them. */
export const GENERATION_CHOICES = {
  aspectRatio: ASPECT_RATIO_NAMES,
  style: STYLES,
  color: COLORS,
  lighting: LIGHTINGS,
  composition: COMPOSITIONS,
  background: BACKGROUNDS,
} as const;
export type GenerationChoice = keyof typeof GENERATION_CHOICES;
export type GenerationChoiceValue<C extends GenerationChoice> = (typeof GENERATION_CHOICES)[C][number];

/** What a request naming no value gets: square, no style, colour, lighting or composition, and an opaque background. */
export const DEFAULT_CHOICES: { [C in GenerationChoice]: GenerationChoiceValue<C> } = {
  aspectRatio: 'square',
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
  background: 'auto',
};

/** The value when it is one of the choice's, else undefined (stored or foreign options, query strings). */
export function knownChoice<C extends GenerationChoice>(
  choice: C,
  value: unknown,
): GenerationChoiceValue<C> | undefined {
  const values: readonly string[] = GENERATION_CHOICES[choice];
  return typeof value === 'string' && values.includes(value)
    ? (value as GenerationChoiceValue<C>)
    : undefined;
}

/**
 * The eleven options of a generation request, keyed by their name in code and in the proto (camelCase): each
 * with its name in the HTTP API (`field`) and its limits and default. The gateway's schemas, the jobs
 * service's checks, the worker and the web form are built from this table.
 */
export const GENERATION_OPTION_RULES = {
  prompt: { field: 'prompt', maxLength: PROMPT_MAX_LENGTH },
  negativePrompt: { field: 'negative_prompt', maxLength: PROMPT_MAX_LENGTH },
  aspectRatio: { field: 'aspect_ratio', values: ASPECT_RATIO_NAMES, default: DEFAULT_CHOICES.aspectRatio },
  style: { field: 'style', values: STYLES, default: DEFAULT_CHOICES.style },
  color: { field: 'color', values: COLORS, default: DEFAULT_CHOICES.color },
  lighting: { field: 'lighting', values: LIGHTINGS, default: DEFAULT_CHOICES.lighting },
  composition: { field: 'composition', values: COMPOSITIONS, default: DEFAULT_CHOICES.composition },
  background: { field: 'background', values: BACKGROUNDS, default: DEFAULT_CHOICES.background },
  /** Empty: the default model the jobs service names (DEFAULT_GENERATE_MODEL unless an admin chose one). */
  model: { field: 'model', maxLength: MODEL_NAME_MAX_LENGTH },
  /** Absent: a random one. */
  seed: { field: 'seed', minimum: 0, maximum: SEED_MAX },
  count: { field: 'count', minimum: 1, maximum: MAX_IMAGES_PER_REQUEST, default: DEFAULT_IMAGE_COUNT },
} as const;
export type GenerationOptionName = keyof typeof GENERATION_OPTION_RULES;
/** Pictura Emoji, trained by this project: the generator a request gets while no real model is installed. */
export const DEFAULT_GENERATE_MODEL = 'pictura-emoji';
/** The built-in abstract-art demo: it paints colours and shapes, and Pictura Emoji's backgrounds. */
export const ABSTRACT_GENERATE_MODEL = 'pictura-abstract';

export interface GenerationOptions {
  prompt: string;
  negativePrompt: string;
  aspectRatio: AspectRatio;
  style: Style;
  color: Color;
  lighting: Lighting;
  composition: Composition;
  /** Absent on jobs recorded before it existed: auto. */
  background?: Background;
  model: string;
  /** 0..2^32-1; each extra image of a request uses seed + index. */
  seed: number;
  count: number;
  /** An exact size (EXACT_SIZE rules) instead of the aspect ratio's; both or neither. */
  width?: number;
  height?: number;
  /** Image-to-image: object store key of the starting image; absent for text-to-image. */
  initImageKey?: string;
  /** Image-to-image: 0 keeps the starting image, 1 ignores it. */
  strength?: number;
}

/**
 * Rules for an exact size (OpenAI's `size`): sides a multiple of 8 (the SD pipelines' latent grid; the
 * built-ins draw any size), 256..2048 px, at most 2048² pixels in all (a worker's memory bound).
 */
export const EXACT_SIZE = { multiple: 8, min: 256, max: 2048, maxPixels: 2048 * 2048 } as const;

/** Why a width × height breaks EXACT_SIZE, or undefined when it is fine. */
export function exactSizeProblem(width: number, height: number): string | undefined {
  const { multiple, min, max, maxPixels } = EXACT_SIZE;
  if (!Number.isInteger(width) || !Number.isInteger(height)) return 'The size must be whole pixels';
  if (width < min || height < min || width > max || height > max) {
    return `Each side must be between ${min} and ${max} pixels`;
  }
  if (width % multiple !== 0 || height % multiple !== 0) {
    return `Each side must be a multiple of ${multiple} pixels`;
  }
  if (width * height > maxPixels) return `At most ${maxPixels.toLocaleString('en')} pixels in all`;
  return undefined;
}

/** Image-to-image strength a request naming none gets: clearly a variation, still recognisably its source. */
export const DEFAULT_STRENGTH = 0.6;

export function imageSize(aspectRatio: AspectRatio): { width: number; height: number } {
  return ASPECT_RATIOS[aspectRatio];
}

/** The size a job asks the worker for: the exact size when given, else the aspect ratio's. */
export function requestedSize(options: Pick<GenerationOptions, 'aspectRatio' | 'width' | 'height'>): {
  width: number;
  height: number;
} {
  if (options.width && options.height) return { width: options.width, height: options.height };
  return imageSize(options.aspectRatio);
}
