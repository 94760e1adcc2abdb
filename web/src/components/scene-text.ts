// Pictura Scenes' account of a picture in the reader's language, under the picture: "Drew 🐈 cat on 🛋️ couch ·
// sunset", "Drew 3 🍎 apple · table", then "Not drawn: shiba" for the words it could not place. Concept names
// come from /scene-names/<locale>.json (English when a name is missing), relations and settings from the
// app's texts. Pure functions: the texts and names come in as `SceneWords`.
import {
  type ImageScene,
  SCENE_RELATIONS,
  SCENE_SETTINGS,
  type SceneRelationName,
  type SceneSubject,
} from '@pictura/common/scene';
import type { GeneratedImage } from '../api/generation.ts';
import type { SceneNames } from '../api/scene-names.ts';

/** i18next's t, or anything that reads a key with values the same way. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface SceneWords {
  /** Bound to the app's default namespace. */
  t: Translate;
  locale: string;
  /** English concept name → the reader's language; a missing entry stays English. */
  names: SceneNames;
  /** A right-to-left page: English names and the prompt's own words are isolated so each reads whole. */
  rtl: boolean;
}

/** What a picture's caption says about what was drawn. */
export type SceneLine =
  | { kind: 'drawn'; text: string; unplaced: string | null }
  /** Nothing in the prompt was in the vocabulary: it painted an abstract picture. */
  | { kind: 'nothing' };

const SEPARATOR = ' · ';

// First-strong isolates (FSI…PDI): a Latin word or a number beside it cannot reorder Arabic around it.
function isolated(text: string, words: SceneWords): string {
  return words.rtl ? `\u2068${text}\u2069` : text;
}

export function conceptName(name: string, words: SceneWords): string {
  return words.names[name] ?? isolated(name, words);
}

/** One of the thing, whatever the count: "🐈 cat". */
export function thingName(subject: Pick<SceneSubject, 'name' | 'emoji'>, words: SceneWords): string {
  const name = conceptName(subject.name, words);
  return subject.emoji ? `${subject.emoji} ${name}` : name;
}

/** The thing with its count when more than one was drawn: "3 🍎 apple". */
export function thingLabel(subject: SceneSubject, words: SceneWords): string {
  const thing = thingName(subject, words);
  return subject.count > 1 ? words.t('scene.many', { number: subject.count, thing }) : thing;
}

export function settingName(name: string, words: SceneWords): string {
  return (SCENE_SETTINGS as readonly string[]).includes(name)
    ? words.t(`scene.setting.${name}`)
    : conceptName(name, words);
}

export function isRelationName(name: string): name is SceneRelationName {
  return (SCENE_RELATIONS as readonly string[]).includes(name);
}

/** "🐈 cat on 🛋️ couch", by the reader's language's template for the relation. */
export function relationPhrase(
  subject: SceneSubject,
  relation: SceneRelationName,
  object: SceneSubject,
  words: SceneWords,
): string {
  return words.t(`scene.relation.${relation}`, {
    a: thingLabel(subject, words),
    b: thingLabel(object, words),
  });
}

/** A list in the reader's language: "a, b and c", "a、b和c", "a وb". */
export function listOf(items: readonly string[], words: SceneWords): string {
  return new Intl.ListFormat(words.locale, { type: 'conjunction', style: 'long' }).format(items);
}

// What a thing wears or holds is part of it ("🐈 cat wearing 🎩 hat"), so that phrase can then stand where
// the thing stands ("🐈 cat wearing 🎩 hat on 🛋️ couch") instead of the cat being named twice.
const CARRIED: ReadonlySet<SceneRelationName> = new Set(['wearing', 'holding']);

/**
 * The things (what each wears or holds with it, each other relation as one phrase, the rest on their own, in
 * the scene's order) then the setting: "🐈 cat on 🛋️ couch · sunset". Null when the scene holds neither.
 */
export function sceneSummary(scene: ImageScene, words: SceneWords): string | null {
  const { subjects } = scene;
  // A relation this version does not know, or one pointing nowhere, leaves its things to be listed.
  const relations = scene.relations.filter(
    ({ subject, relation, object }) =>
      subjects[subject] !== undefined &&
      subjects[object] !== undefined &&
      subject !== object &&
      isRelationName(relation),
  );
  const labels = subjects.map((subject) => thingLabel(subject, words));
  const carried = new Set<number>();
  for (const { subject, relation, object } of relations) {
    if (!CARRIED.has(relation) || carried.has(subject) || carried.has(object)) continue;
    labels[subject] = words.t(`scene.relation.${relation}`, { a: labels[subject]!, b: labels[object]! });
    carried.add(object);
  }
  const phrases: { at: number; text: string }[] = [];
  const placed = new Set<number>();
  for (const { subject, relation, object } of relations) {
    if (CARRIED.has(relation) && carried.has(object)) continue;
    phrases.push({
      at: Math.min(subject, object),
      text: words.t(`scene.relation.${relation}`, { a: labels[subject]!, b: labels[object]! }),
    });
    placed.add(subject);
    placed.add(object);
  }
  labels.forEach((label, index) => {
    if (!placed.has(index) && !carried.has(index)) phrases.push({ at: index, text: label });
  });
  phrases.sort((x, y) => x.at - y.at);
  const parts = [
    ...(phrases.length > 0
      ? [
          listOf(
            phrases.map((phrase) => phrase.text),
            words,
          ),
        ]
      : []),
    ...scene.setting.map((name) => settingName(name, words)),
  ];
  return parts.length > 0 ? parts.join(SEPARATOR) : null;
}

/**
 * The caption for an image: its scene when the model gave one, else (older images) the one subject Pictura
 * Emoji drew; null from models that say neither.
 */
export function sceneLine(
  image: Pick<GeneratedImage, 'scene' | 'subject'>,
  words: SceneWords,
): SceneLine | null {
  const { scene, subject } = image;
  if (scene) {
    const summary = sceneSummary(scene, words);
    if (summary === null) return { kind: 'nothing' };
    const unplaced = scene.unplaced_words.map((word) => isolated(word, words));
    return {
      kind: 'drawn',
      text: words.t('scene.drew', { what: summary }),
      unplaced: unplaced.length > 0 ? words.t('scene.notDrawn', { words: listOf(unplaced, words) }) : null,
    };
  }
  if (!subject) return null;
  if (!subject.found || !subject.name) return { kind: 'nothing' };
  return {
    kind: 'drawn',
    text: words.t('scene.drew', { what: thingName({ name: subject.name, emoji: subject.emoji }, words) }),
    unplaced: null,
  };
}
