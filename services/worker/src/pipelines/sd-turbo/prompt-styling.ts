// The studio's style, colour and lighting choices become descriptive words appended to the prompt: text is
// the only conditioning a Stable Diffusion checkpoint understands.
import type { Color, Lighting, Style } from '@pictura/common/generation-options';

const STYLE_WORDS: Record<Style, string> = {
  none: '',
  anime: 'anime style illustration',
  pixel_art: 'pixel art',
  photographic: 'photograph, photorealistic, detailed',
  flat_design: 'flat design vector illustration',
  cartoon: 'cartoon style',
  cyberpunk: 'cyberpunk style, futuristic',
  low_poly: 'low poly 3d render',
  watercolor: 'watercolor painting',
};

const COLOR_WORDS: Record<Color, string> = {
  none: '',
  warm: 'warm colors',
  cold: 'cool blue tones',
  black_and_white: 'black and white',
  cyberpunk_neon: 'neon pink and cyan colors',
};

const LIGHTING_WORDS: Record<Lighting, string> = {
  none: '',
  sunlight: 'sunlight',
  studio: 'studio lighting',
  ambient_glow: 'soft ambient glow',
  spotlight: 'dramatic spotlight',
  side_light: 'side lighting',
  underlighting: 'lit from below',
};

export interface PromptChoices {
  style: Style;
  color: Color;
  lighting: Lighting;
}

/** "a fox" + watercolor + warm → "a fox, watercolor painting, warm colors". */
export function styledPrompt(prompt: string, choices: PromptChoices): string {
  const words = [STYLE_WORDS[choices.style], COLOR_WORDS[choices.color], LIGHTING_WORDS[choices.lighting]];
  return [prompt.trim(), ...words].filter((part) => part !== '').join(', ');
}
