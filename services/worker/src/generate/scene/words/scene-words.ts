// The structure words the scene reader knows in each of the product's 16 languages: what is not a thing to
// draw but says how many, what colour, where, in what setting, in what style, or how to edit the scene. The
// things themselves come from the lexicon (CLDR names and keywords, WordNet): see scene.lexicon.ts.
//
// Every key is lower case (NFKC). A key may be several words ("in front of", "night time"); the reader takes
// the longest key that matches. In languages written without spaces (Chinese, Japanese, Thai) keys are matched
// inside the text, so they should be whole words, not single characters that also occur inside other words,
// unless the character is a word on its own there.
import type { ScenePosition, SceneRelationName, SceneSettingName } from '@pictura/common/scene';

export const SCENE_COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'black',
  'white',
  'grey',
  'gold',
  'silver',
] as const;
export type SceneColour = (typeof SCENE_COLOURS)[number];

/** The style names the reader reports (English), each mapped to a generator option where one fits. */
export const SCENE_STYLES = {
  'oil painting': 'watercolor',
  watercolor: 'watercolor',
  'pixel art': 'pixel_art',
  anime: 'anime',
  cartoon: 'cartoon',
  'flat design': 'flat_design',
  logo: 'flat_design',
  icon: 'flat_design',
  sticker: 'flat_design',
  'low poly': 'low_poly',
  photo: 'photographic',
  cyberpunk: 'cyberpunk',
  sketch: 'none',
  '3d render': 'none',
  'digital art': 'none',
  realistic: 'photographic',
  cinematic: 'photographic',
} as const;
export type SceneStyleName = keyof typeof SCENE_STYLES;

/** How an edit phrase changes the scene (chat: "make it night-time", "add a red umbrella"). */
export type SceneEdit = 'add' | 'remove' | 'move' | 'make';

/** Relations, plus "at": in or at a place, which sets the setting and relates nothing. */
export type ReaderRelation = SceneRelationName | 'at';

export interface SceneWords {
  /**
   * Words that carry nothing to draw and are dropped silently: articles, particles, classifiers, filler
   * ("a picture of", "highly detailed", "beautiful", "4k"), verbs of posture and action ("sitting",
   * "standing", "flying", "playing"), "there is".
   */
  skip: string[];
  /** Counts: "three" → 3, "a pair of" → 2, "a few" → 3, "many" → 5. */
  numbers: Record<string, number>;
  colours: Record<string, SceneColour>;
  /** Size words → a scale factor: "tiny" 0.55, "small" 0.75, "big" 1.3, "huge" 1.5. */
  sizes: Record<string, number>;
  /**
   * Relation words. `before: true` marks a postposition, written after the thing it relates to (Japanese
   * "ソファの上", Chinese "沙发上"); otherwise the relation word comes before that thing ("on the sofa").
   */
  relations: Record<string, ReaderRelation | { relation: ReaderRelation; before: true }>;
  /** "and", "with", "&": join things. */
  and: string[];
  /** "without", "no", "with no": the next thing is not drawn. */
  without: string[];
  /** Words and phrases of places, times of day, weather and seasons → setting names (one or several). */
  settings: Record<string, SceneSettingName | SceneSettingName[]>;
  /** Style words and phrases → an English style name of SCENE_STYLES. */
  styles: Record<string, SceneStyleName>;
  /** Where on the canvas: "on the left", "at the top". */
  positions: Record<string, ScenePosition>;
  /** Edit verbs that open a chat instruction: "add", "remove", "move", "make it". */
  edits: Record<string, SceneEdit>;
  /**
   * Nouns the lexicon misses in this language → the English name of a concept or prop it can draw
   * ("windowsill" → "window", "sofa" → "sofa").
   */
  things: Record<string, string>;
}
