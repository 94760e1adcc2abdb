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

export type AspectRatio = keyof typeof ASPECT_RATIOS;
export type Style = (typeof STYLES)[number];
export type Color = (typeof COLORS)[number];
export type Lighting = (typeof LIGHTINGS)[number];
export type Composition = (typeof COMPOSITIONS)[number];

export const PROMPT_MAX_LENGTH = 2000;
export const MAX_IMAGES_PER_REQUEST = 4;
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
  model: string;
  /** 0..2^32-1; each extra image of a request uses seed + index. */
  seed: number;
  count: number;
}

export function imageSize(aspectRatio: AspectRatio): { width: number; height: number } {
  return ASPECT_RATIOS[aspectRatio];
}
