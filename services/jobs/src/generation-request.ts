// Validates a generation request where the job is recorded (the gateway validates too, but never alone).
import { AppError } from '@pictura/common/app-error';
import {
  ASPECT_RATIOS,
  COLORS,
  COMPOSITIONS,
  DEFAULT_GENERATE_MODEL,
  type GenerationOptions,
  LIGHTINGS,
  MAX_IMAGES_PER_REQUEST,
  PROMPT_MAX_LENGTH,
  STYLES,
} from '@pictura/common/generation-options';

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
  if (prompt === '')
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
  };
}
