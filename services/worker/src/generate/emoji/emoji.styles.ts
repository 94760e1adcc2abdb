// The generator options Pictura Emoji was trained to render (training/pictura-emoji/augment.py keeps the same
// order): four colour grades and two drawing styles. Other options (anime, watercolour, lighting…) have no
// honest rendering on an emoji and reach only the abstract background.
import type { Color, Style } from '@pictura/common/generation-options';

export const EMOJI_STYLES = ['warm', 'cold', 'black_and_white', 'neon', 'pixel_art', 'flat_design'] as const;

const COLOUR_INPUT: Partial<Record<Color, (typeof EMOJI_STYLES)[number]>> = {
  warm: 'warm',
  cold: 'cold',
  black_and_white: 'black_and_white',
  cyberpunk_neon: 'neon',
};
const STYLE_INPUT: Partial<Record<Style, (typeof EMOJI_STYLES)[number]>> = {
  pixel_art: 'pixel_art',
  flat_design: 'flat_design',
};

/** The model's style input for a request: one-hot per option it knows, zeros for "none". */
export function emojiStyleVector(style: Style, color: Color): Float32Array {
  const vector = new Float32Array(EMOJI_STYLES.length);
  for (const name of [STYLE_INPUT[style], COLOUR_INPUT[color]])
    if (name) vector[EMOJI_STYLES.indexOf(name)] = 1;
  return vector;
}
