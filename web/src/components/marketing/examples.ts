// The examples gallery: finished pictures with the settings that describe them. "Create Similar" copies
// the prompt (translated, under examples.items.<id>) and these options into the generator. The pictures are
// flat vector illustrations, so each one's style tag names the style it is drawn in (issue 18: a flat fox
// was tagged Photographic) and the gallery says they are illustrations.
import type { AspectRatio, Color, Lighting, Style } from '@pictura/common/generation-options';
import astronaut from './art/astronaut.svg?no-inline';
import fox from './art/fox.svg?no-inline';
import lighthouse from './art/lighthouse.svg?no-inline';
import mountains from './art/mountains.svg?no-inline';
import neonCity from './art/neon-city.svg?no-inline';
import pixelCastle from './art/pixel-castle.svg?no-inline';

export interface Example {
  id: 'lighthouse' | 'neonCity' | 'fox' | 'mountains' | 'pixelCastle' | 'astronaut';
  image: string;
  width: number;
  height: number;
  aspectRatio: AspectRatio;
  style: Style;
  color: Color;
  lighting: Lighting;
}

export const EXAMPLES: readonly Example[] = [
  {
    id: 'lighthouse',
    image: lighthouse,
    width: 640,
    height: 360,
    aspectRatio: 'landscape_16_9',
    style: 'flat_design',
    color: 'warm',
    lighting: 'sunlight',
  },
  {
    id: 'neonCity',
    image: neonCity,
    width: 360,
    height: 640,
    aspectRatio: 'portrait_9_16',
    style: 'cyberpunk',
    color: 'cyberpunk_neon',
    lighting: 'ambient_glow',
  },
  {
    id: 'fox',
    image: fox,
    width: 480,
    height: 640,
    aspectRatio: 'portrait_3_4',
    style: 'flat_design',
    color: 'cold',
    lighting: 'side_light',
  },
  {
    id: 'mountains',
    image: mountains,
    width: 600,
    height: 400,
    aspectRatio: 'landscape',
    style: 'low_poly',
    color: 'cold',
    lighting: 'sunlight',
  },
  {
    id: 'pixelCastle',
    image: pixelCastle,
    width: 512,
    height: 512,
    aspectRatio: 'square',
    style: 'pixel_art',
    color: 'warm',
    lighting: 'none',
  },
  {
    id: 'astronaut',
    image: astronaut,
    width: 400,
    height: 400,
    aspectRatio: 'square',
    style: 'cartoon',
    color: 'none',
    lighting: 'studio',
  },
];

export function findExample(id: unknown): Example | undefined {
  return EXAMPLES.find((example) => example.id === id);
}
