// Pictura Scenes' account of a picture: what the scene reader read in a prompt and the scene painter drew.
// The worker produces it, jobs stores and streams it, the gateway answers it (`images[].scene`), history and
// community keep it, and the web app says it under the picture ("Drew 🐈 cat on 🛋️ couch · sunset"). Names
// are English; the web app translates them (concept names from /scene-names/<locale>.json, relations and
// settings from its own texts).

/** How one thing stands to another: `subjects[subject] <relation> subjects[object]`. */
export const SCENE_RELATIONS = [
  'on',
  'under',
  'in',
  'beside',
  'behind',
  'in_front_of',
  'above',
  'below',
  'left_of',
  'right_of',
  'holding',
  'riding',
  'wearing',
] as const;
export type SceneRelationName = (typeof SCENE_RELATIONS)[number];

/** Where a place is painted. */
export const SCENE_PLACES = [
  'beach',
  'sea',
  'underwater',
  'forest',
  'meadow',
  'field',
  'garden',
  'mountains',
  'desert',
  'snow',
  'city',
  'street',
  'space',
  'moon',
  'room',
  'kitchen',
  'table',
  'sky',
  'lake',
  'cliff',
] as const;
export type ScenePlace = (typeof SCENE_PLACES)[number];

export const SCENE_TIMES = ['dawn', 'day', 'sunset', 'night'] as const;
export type SceneTime = (typeof SCENE_TIMES)[number];

export const SCENE_WEATHERS = ['clouds', 'rain', 'snowfall', 'fog', 'storm'] as const;
export type SceneWeather = (typeof SCENE_WEATHERS)[number];

export const SCENE_SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export type SceneSeason = (typeof SCENE_SEASONS)[number];

/** Every name `setting` may hold, in the order a scene lists them: place, time of day, weather, season. */
export const SCENE_SETTINGS = [...SCENE_PLACES, ...SCENE_TIMES, ...SCENE_WEATHERS, ...SCENE_SEASONS] as const;
export type SceneSettingName = (typeof SCENE_SETTINGS)[number];

/** Where the prompt asked a thing to be on the canvas ("move the cat to the left", "on the left"). */
export const SCENE_POSITIONS = ['left', 'right', 'top', 'bottom', 'centre'] as const;
export type ScenePosition = (typeof SCENE_POSITIONS)[number];

export interface SceneSubject {
  /** The concept's English name ("cat", "couch and lamp"). */
  name: string;
  emoji?: string;
  /** How many were drawn (1 unless the prompt gave a number or a plural). */
  count: number;
  /** A colour word the prompt gave it, in English ("red"). */
  colour?: string;
  position?: ScenePosition;
}

export interface SceneRelation {
  subject: number;
  relation: SceneRelationName;
  object: number;
}

export interface ImageScene {
  /** Up to five things, the main subject first. */
  subjects: SceneSubject[];
  relations: SceneRelation[];
  /** Place, time of day, weather and season, as far as the prompt gave them. */
  setting: SceneSettingName[];
  /** The looks its style words chose, as the generator's style options ("watercolor", "pixel_art"). */
  style: string[];
  /** Words of the prompt it could not place, as written. */
  unplaced_words: string[];
}

/** Whether a value from outside (a stored row, a queue payload) has a scene's shape. */
export function isImageScene(value: unknown): value is ImageScene {
  if (typeof value !== 'object' || value === null) return false;
  const scene = value as Record<string, unknown>;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    Array.isArray(scene.subjects) &&
    scene.subjects.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as SceneSubject).name === 'string' &&
        Number.isInteger((s as SceneSubject).count),
    ) &&
    Array.isArray(scene.relations) &&
    strings(scene.setting) &&
    strings(scene.style) &&
    strings(scene.unplaced_words)
  );
}
