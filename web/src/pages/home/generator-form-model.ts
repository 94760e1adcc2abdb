// The generator form's values, their validation (spec 5) and the request body they become.
import {
  type AspectRatio,
  type Color,
  DEFAULT_CHOICES,
  type Lighting,
  GENERATION_OPTION_RULES as OPTION,
  PROMPT_MAX_LENGTH,
  type Style,
} from '@pictura/common/generation-options';
import type { GenerateRequest } from '../../api/generation.ts';

export const MAX_SEED = OPTION.seed.maximum;
export const IMAGE_COUNTS = Array.from(
  { length: OPTION.count.maximum - OPTION.count.minimum + 1 },
  (_, index) => OPTION.count.minimum + index,
);
export { PROMPT_MAX_LENGTH };

export interface GeneratorFormValues {
  prompt: string;
  negativePrompt: string;
  aspectRatio: AspectRatio;
  style: Style;
  color: Color;
  lighting: Lighting;
  count: number;
  /** As typed; empty means a random seed. */
  seed: string;
  /** A model name from GET /api/models; empty means the server's default. */
  model: string;
  /** The things alone on a transparent background (a PNG with alpha) instead of a painted one. */
  transparent: boolean;
}

export const INITIAL_FORM_VALUES: GeneratorFormValues = {
  prompt: '',
  negativePrompt: '',
  aspectRatio: DEFAULT_CHOICES.aspectRatio,
  style: DEFAULT_CHOICES.style,
  color: DEFAULT_CHOICES.color,
  lighting: DEFAULT_CHOICES.lighting,
  count: OPTION.count.default,
  seed: '',
  model: '',
  transparent: false,
};

export interface GeneratorFormErrors {
  prompt?: 'required';
  seed?: 'invalid';
}

export function validateGeneratorForm(values: GeneratorFormValues): GeneratorFormErrors {
  const errors: GeneratorFormErrors = {};
  if (values.prompt.trim() === '') errors.prompt = 'required';
  const seed = values.seed.trim();
  if (seed !== '' && !(/^\d{1,10}$/.test(seed) && Number(seed) <= MAX_SEED)) errors.seed = 'invalid';
  return errors;
}

export function hasErrors(errors: GeneratorFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function toGenerateRequest(values: GeneratorFormValues): GenerateRequest {
  const seed = values.seed.trim();
  return {
    prompt: values.prompt.trim(),
    negative_prompt: values.negativePrompt.trim(),
    aspect_ratio: values.aspectRatio,
    style: values.style,
    color: values.color,
    lighting: values.lighting,
    composition: DEFAULT_CHOICES.composition,
    count: values.count,
    ...(seed === '' ? {} : { seed: Number(seed) }),
    ...(values.model ? { model: values.model } : {}),
    ...(values.transparent ? { background: 'transparent' as const } : {}),
  };
}
