// Validates a generation request where the job is recorded (the gateway validates too, but never alone).
import { AppError } from '@pictura/common/app-error';
import {
  DEFAULT_GENERATE_MODEL,
  DEFAULT_STRENGTH,
  exactSizeProblem,
  type GenerationChoice,
  type GenerationChoiceValue,
  type GenerationOptions,
  knownChoice,
  GENERATION_OPTION_RULES as OPTION,
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
  /** Empty or absent: auto (opaque). */
  background?: string;
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

/** Words for the error message, as the API names the option ("aspect ratio"). */
const choiceWords = (choice: GenerationChoice) => OPTION[choice].field.replace(/_/g, ' ');

/** The value of a list option: its default when empty, refused when not on the list. */
function oneOf<C extends GenerationChoice>(choice: C, value: string): GenerationChoiceValue<C> {
  if (value === '') return OPTION[choice].default;
  const known = knownChoice(choice, value);
  if (known === undefined) {
    throw new AppError('invalid_argument', `Unknown ${choiceWords(choice)}: ${value}`, 'invalid_option');
  }
  return known;
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
  if (
    prompt.length > OPTION.prompt.maxLength ||
    raw.negativePrompt.length > OPTION.negativePrompt.maxLength
  ) {
    throw new AppError(
      'invalid_argument',
      `Descriptions are limited to ${OPTION.prompt.maxLength} characters`,
      'prompt_too_long',
    );
  }
  const count = raw.count === 0 ? OPTION.count.default : raw.count;
  if (count < OPTION.count.minimum || count > OPTION.count.maximum) {
    throw new AppError(
      'invalid_argument',
      `Choose between ${OPTION.count.minimum} and ${OPTION.count.maximum} images`,
      'invalid_option',
    );
  }
  return {
    prompt,
    negativePrompt: raw.negativePrompt.trim(),
    aspectRatio: oneOf('aspectRatio', raw.aspectRatio),
    style: oneOf('style', raw.style),
    color: oneOf('color', raw.color),
    lighting: oneOf('lighting', raw.lighting),
    composition: oneOf('composition', raw.composition),
    background: oneOf('background', raw.background ?? ''),
    model: raw.model || DEFAULT_GENERATE_MODEL,
    seed: raw.seed ?? randomSeed(),
    count,
    ...exactSize(raw),
    ...init,
  };
}
