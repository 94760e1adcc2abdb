// Validates a generation request where the job is recorded (the gateway validates too, but never alone).
import { AppError } from '@pictura/common/app-error';
import {
  ASPECT_RATIOS,
  COLORS,
  COMPOSITIONS,
  DEFAULT_GENERATE_MODEL,
  DEFAULT_STRENGTH,
  exactSizeProblem,
  type GenerationOptions,
  LIGHTINGS,
  MAX_IMAGES_PER_REQUEST,
  PROMPT_MAX_LENGTH,
  STYLES,
} from '@pictura/common/generation-options';
import { isObjectKey } from '@pictura/common/object-store';

export interface RawGenerationOptions {
  prompt: string;
  negativePrompt: string;
  aspectRatio: string;
  style: string;
  color: string;
  lighting: string;
  composition: string;
  model: string;
  seed?: number;
  count: number;
  /** Both or neither: an exact size (EXACT_SIZE rules). */
  width?: number;
  height?: number;
  /** Empty or absent: text-to-image. */
  initImageKey?: string;
  strength?: number;
}

/** The exact size, checked; undefined when the request gives none (the aspect ratio's size applies). */
function exactSize(raw: RawGenerationOptions): { width: number; height: number } | undefined {
  if (raw.width === undefined && raw.height === undefined) return undefined;
  const problem =
    raw.width === undefined || raw.height === undefined
      ? 'Give both width and height'
      : exactSizeProblem(raw.width, raw.height);
  if (problem) throw new AppError('invalid_argument', problem, 'invalid_size');
  return { width: raw.width!, height: raw.height! };
}

/** The starting image of an image-to-image request, checked; undefined for text-to-image. */
function initImage(raw: RawGenerationOptions): { initImageKey: string; strength: number } | undefined {
  if (!raw.initImageKey) return undefined;
  if (!isObjectKey(raw.initImageKey)) {
    throw new AppError('invalid_argument', 'Cannot load image, please check the URL', 'source_missing');
  }
  const strength = raw.strength ?? DEFAULT_STRENGTH;
  if (!(strength >= 0 && strength <= 1)) {
    throw new AppError('invalid_argument', 'strength must be between 0 and 1', 'invalid_strength');
  }
  return { initImageKey: raw.initImageKey, strength };
}

function oneOf<T extends string>(field: string, value: string, allowed: readonly T[], fallback: T): T {
  if (value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new AppError('invalid_argument', `Unknown ${field}: ${value}`, 'invalid_option');
  }
  return value as T;
}

export function normaliseGenerationOptions(
  raw: RawGenerationOptions,
  randomSeed: () => number,
): GenerationOptions {
  const prompt = raw.prompt.trim();
  const init = initImage(raw);
  // A variation of an image needs no description: the model's unconditional path draws it.
  if (prompt === '' && !init)
    throw new AppError('invalid_argument', 'Please enter an image description', 'prompt_required');
  if (prompt.length > PROMPT_MAX_LENGTH || raw.negativePrompt.length > PROMPT_MAX_LENGTH) {
    throw new AppError(
      'invalid_argument',
      `Descriptions are limited to ${PROMPT_MAX_LENGTH} characters`,
      'prompt_too_long',
    );
  }
  const count = raw.count === 0 ? 1 : raw.count;
  if (count < 1 || count > MAX_IMAGES_PER_REQUEST) {
    throw new AppError(
      'invalid_argument',
      `Choose between 1 and ${MAX_IMAGES_PER_REQUEST} images`,
      'invalid_option',
    );
  }
  return {
    prompt,
    negativePrompt: raw.negativePrompt.trim(),
    aspectRatio: oneOf(
      'aspect ratio',
      raw.aspectRatio,
      Object.keys(ASPECT_RATIOS) as (keyof typeof ASPECT_RATIOS)[],
      'square',
    ),
    style: oneOf('style', raw.style, STYLES, 'none'),
    color: oneOf('color', raw.color, COLORS, 'none'),
    lighting: oneOf('lighting', raw.lighting, LIGHTINGS, 'none'),
    composition: oneOf('composition', raw.composition, COMPOSITIONS, 'none'),
    model: raw.model || DEFAULT_GENERATE_MODEL,
    seed: raw.seed ?? randomSeed(),
    count,
    ...exactSize(raw),
    ...init,
  };
}
