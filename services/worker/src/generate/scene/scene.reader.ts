// Pictura Scenes' prompt reader: a prompt in any of the 16 languages → the scene to paint: the things (each
// with its count, colour and size), how they stand to each other, the setting (place, time of day, weather,
// season) and the style words; the words it could not place are kept to be reported, never swapped for a
// lookalike. Chat edits arrive as later clauses of the same prompt ("a cat on a sofa, make it night-time,
// add a red umbrella, remove the hat, move the cat to the left") and change the scene read so far.
import type { Locale } from '@pictura/common/locales';
import type {
  ScenePlace,
  ScenePosition,
  SceneRelationName,
  SceneSeason,
  SceneSettingName,
  SceneTime,
  SceneWeather,
} from '@pictura/common/scene';
import { SCENE_PLACES, SCENE_SEASONS, SCENE_TIMES, SCENE_WEATHERS } from '@pictura/common/scene';
import {
  type Entry,
  englishSingulars,
  fold,
  type LanguageDictionary,
  normalise,
  type SceneLexicon,
  stem,
} from './scene.lexicon.ts';
import type { SceneColour, SceneEdit, SceneStyleName } from './words/scene-words.ts';

/** Distinct things a scene holds; more are reported as not placed. */
export const MAX_THINGS = 5;
/** Copies of one thing drawn at most ("a hundred birds" draws twelve). */
export const MAX_COPIES = 12;

export interface ReadThing {
  /** Pictura Emoji's concept, when the thing is one. */
  concept?: number;
  /** A prop the scene painter draws itself. */
  prop?: string;
  name: string;
  emoji?: string;
  count: number;
  colour?: SceneColour;
  scale: number;
  position?: ScenePosition;
}

export interface ReadRelation {
  subject: number;
  relation: SceneRelationName;
  object: number;
}

export interface ReadScene {
  /** The main subject first. */
  things: ReadThing[];
  relations: ReadRelation[];
  /** The places read, all of them ("snowy birch forest": snow, forest). */
  places: ScenePlace[];
  time?: SceneTime;
  weather?: SceneWeather;
  season?: SceneSeason;
  styles: SceneStyleName[];
  unplaced: string[];
  /** The language it read the prompt in. */
  locale: Locale;
}

/** A word of the prompt, as written and as matched. */
interface Token {
  text: string;
  entry?: Entry;
  /** Matched through an inflection that marks a plural ("cats", "кошки"). */
  plural?: boolean;
}

const SISTERS: Partial<Record<Locale, Locale>> = { id: 'ms', ms: 'id' };
/** Languages whose compounds end with their head ("brick wall", "金鱼", "Apfelbaum" written apart). */
const HEAD_LAST: Locale[] = ['en', 'de', 'zh-CN', 'zh-TW', 'ja', 'ko'];
/** Languages whose nouns come before the words that qualify them. */
const HEAD_FIRST: Locale[] = ['es', 'fr', 'it', 'pt', 'id', 'ms', 'vi', 'ar', 'th'];
/** Languages whose instructions may put the edit verb anywhere in the clause. */
const VERB_LAST: Locale[] = ['ja', 'ko', 'zh-CN', 'zh-TW'];
const LATIN_LOCALES: Locale[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'id', 'ms', 'vi'];
const CLAUSE_BREAK = /[,;.!?\n，。；！？、]+/u;
const SPACED_WORD = /[\p{L}\p{N}'’-]+|[&+]/gu;

function scriptOf(text: string): 'han' | 'kana' | 'hangul' | 'thai' | 'arabic' | 'cyrillic' | 'latin' {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'kana';
  if (/\p{Script=Han}/u.test(text)) return 'han';
  if (/\p{Script=Hangul}/u.test(text)) return 'hangul';
  if (/\p{Script=Thai}/u.test(text)) return 'thai';
  if (/\p{Script=Arabic}/u.test(text)) return 'arabic';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'cyrillic';
  return 'latin';
}

function spacedWords(clause: string): string[] {
  const out: string[] = [];
  for (const raw of clause.match(SPACED_WORD) ?? []) {
    // French and Italian elision: "l'arbre" → "l'", "arbre".
    const elided = /^([ldjmnstc]|qu|dell|all|dall|nell|sull|un)['’](.+)$/u.exec(raw);
    if (elided) out.push(`${elided[1]}'`, elided[2]!);
    // English possessive: "a pirate's shoulder" → "pirate", "shoulder".
    else out.push(raw.replace(/’/g, "'").replace(/'s?$/u, ''));
  }
  return out;
}

/** One word alone: as written, then its inflections. */
function lookupWord(word: string, dictionary: LanguageDictionary): Token | undefined {
  const exact = dictionary.phrases.get(word);
  if (exact) return { text: word, entry: exact };
  if (/^\d+$/.test(word)) return { text: word, entry: { kind: 'number', value: Number(word) } };
  if (dictionary.locale === 'en') {
    for (const singular of englishSingulars(word)) {
      const entry = dictionary.phrases.get(singular);
      if (entry) return { text: word, entry, plural: entry.kind === 'thing' };
    }
    return undefined;
  }
  if ((dictionary.locale === 'id' || dictionary.locale === 'ms') && /^(.+)-\1$/u.test(word)) {
    // Reduplication is the plural: "kucing-kucing".
    const entry = dictionary.phrases.get(word.slice(0, word.indexOf('-')));
    if (entry) return { text: word, entry, plural: entry.kind === 'thing' };
  }
  // The word as written (Arabic without its article), then without its inflection.
  const s = stem(word, dictionary.locale);
  const entry = dictionary.stems.get(fold(word, dictionary.locale)) ?? dictionary.stems.get(s);
  if (!entry) return undefined;
  const plural =
    entry.kind === 'thing' &&
    s !== word &&
    /(s|x|i|en|er|e|ы|и|ات|ون|ين)$/u.test(word) &&
    !/(s|x|i|en|er|e|ы|и|ات|ون|ين)$/u.test(s);
  return { text: word, entry, plural };
}

/**
 * Longest-first matching of the clause's words against the dictionary (phrases of several words first); words
 * it lacks may still be things named outright in the `others` (a sister language, then English).
 */
function matchSpaced(clause: string, dictionary: LanguageDictionary, others: LanguageDictionary[]): Token[] {
  const words = spacedWords(clause);
  const tokens: Token[] = [];
  const thingIn = (phrase: string) => {
    for (const other of others) {
      const entry = other.phrases.get(phrase);
      if (entry?.kind === 'thing' && !entry.inferred) return entry;
    }
    return undefined;
  };
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let length = Math.min(dictionary.longest, words.length - i); length >= 2; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      const entry = dictionary.phrases.get(phrase) ?? thingIn(phrase);
      if (entry) {
        tokens.push({ text: phrase, entry });
        i += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = words[i]!;
    let token = lookupWord(word, dictionary);
    for (const other of others) token ??= thingOnly(lookupWord(word, other));
    if (token) tokens.push(token);
    else if (word.includes('-')) {
      // "night-time" may be a key as written; "snow-capped" is its parts.
      for (const part of word.split('-').filter(Boolean))
        tokens.push(lookupWord(part, dictionary) ?? { text: part });
    } else tokens.push({ text: word });
    i++;
  }
  return tokens;
}

/**
 * From English inside another language's prompt, only things that English names outright: its structure
 * words mean other things there ("no" in Portuguese), and a rare English noun WordNet places may be a
 * common word of that language ("doré").
 */
function thingOnly(token: Token | undefined): Token | undefined {
  return token?.entry?.kind === 'thing' && !token.entry.inferred ? token : undefined;
}

/** Text without spaces: at each point the longest key found there; unknown letters gather into one word. */
function matchUnspaced(clause: string, dictionaries: LanguageDictionary[]): Token[] {
  const chars = [...clause.replace(/\s+/g, '')];
  const longest = Math.max(...dictionaries.map((d) => d.longest));
  const tokens: Token[] = [];
  let unknown = '';
  const flush = () => {
    if (unknown) tokens.push({ text: unknown });
    unknown = '';
  };
  let i = 0;
  while (i < chars.length) {
    let found: Token | undefined;
    for (let length = Math.min(longest, chars.length - i); length >= 1 && !found; length--) {
      const piece = chars.slice(i, i + length).join('');
      for (const dictionary of dictionaries) {
        const entry = dictionary.phrases.get(piece);
        if (entry) {
          found = { text: piece, entry };
          break;
        }
      }
    }
    if (!found && /^\d$/.test(chars[i]!)) {
      let digits = '';
      while (i < chars.length && /^\d$/.test(chars[i]!)) digits += chars[i++];
      flush();
      tokens.push({ text: digits, entry: { kind: 'number', value: Number(digits) } });
      continue;
    }
    if (found) {
      flush();
      tokens.push(found);
      i += [...found.text].length;
    } else if (/[\p{L}\p{N}]/u.test(chars[i]!)) {
      unknown += chars[i];
      i++;
    } else {
      flush();
      i++;
    }
  }
  flush();
  return tokens;
}

/** How many of the words a language's dictionary knows: which Latin-script language the prompt is in. */
function coverage(clauses: string[], dictionary: LanguageDictionary): number {
  let known = 0;
  for (const clause of clauses)
    for (const word of spacedWords(clause)) {
      const token = lookupWord(word, dictionary);
      if (token?.entry) known += token.entry.kind === 'thing' || token.entry.kind === 'setting' ? 1.2 : 1;
    }
  return known;
}

function pickLocale(text: string, clauses: string[], lexicon: SceneLexicon): Locale[] {
  switch (scriptOf(text)) {
    case 'kana':
      return ['ja', 'zh-CN', 'zh-TW'];
    case 'han': {
      // Traditional characters that Simplified Chinese does not use tell Taiwan's from the mainland's.
      const traditional = /[們個這裡會後來對時說國東車長門書馬鳥魚貓龍雲電燈樹]/u.test(text);
      return traditional ? ['zh-TW', 'zh-CN', 'ja'] : ['zh-CN', 'zh-TW', 'ja'];
    }
    case 'hangul':
      return ['ko', 'en'];
    case 'thai':
      return ['th'];
    case 'arabic':
      return ['ar', 'en'];
    case 'cyrillic':
      return ['ru', 'en'];
    default: {
      let best: Locale = 'en';
      let bestScore = coverage(clauses, lexicon.languages.en) + 0.5;
      for (const locale of LATIN_LOCALES.slice(1)) {
        const score = coverage(clauses, lexicon.languages[locale]);
        if (score > bestScore) {
          best = locale;
          bestScore = score;
        }
      }
      // Malay and Indonesian share most words: each lends the other its things. English names things in
      // every language's prompts ("un hot dog").
      const sister = SISTERS[best];
      return [best, ...(sister ? [sister] : []), ...(best === 'en' ? [] : (['en'] as Locale[]))];
    }
  }
}

function tokenize(clause: string, locales: Locale[], lexicon: SceneLexicon): Token[] {
  const dictionaries = locales.map((locale) => lexicon.languages[locale]);
  if (dictionaries[0]!.unspaced) return matchUnspaced(clause, dictionaries);
  const [primary, ...others] = dictionaries;
  return matchSpaced(clause, primary!, others);
}

/** Which aspect of the setting a name is. */
function aspectOf(name: SceneSettingName): 'place' | 'time' | 'weather' | 'season' {
  if ((SCENE_PLACES as readonly string[]).includes(name)) return 'place';
  if ((SCENE_TIMES as readonly string[]).includes(name)) return 'time';
  if ((SCENE_WEATHERS as readonly string[]).includes(name)) return 'weather';
  if ((SCENE_SEASONS as readonly string[]).includes(name)) return 'season';
  return 'place';
}

interface Modifiers {
  count?: number;
  colour?: SceneColour;
  scale?: number;
  without?: boolean;
  position?: ScenePosition;
}

/** The same concept or prop: what a reference, a removal or an exclusion is matched by. */
type Identity = { concept?: number; prop?: string };
const sameThing = (a: Identity, b: Identity) =>
  (a.concept !== undefined && a.concept === b.concept) || (a.prop !== undefined && a.prop === b.prop);

export function readScene(prompt: string, lexicon: SceneLexicon): ReadScene {
  const text = normalise(prompt);
  const clauses = text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter(Boolean);
  const locales = pickLocale(text, clauses, lexicon);
  const scene: ReadScene = {
    things: [],
    relations: [],
    places: [],
    styles: [],
    unplaced: [],
    locale: locales[0]!,
  };
  const excluded: Identity[] = [];

  clauses.forEach((clause, clauseIndex) => {
    const tokens = tokenize(clause, locales, lexicon);
    // Two nouns in a row are one thing: in English (and Chinese, Japanese, Korean, German) the first says what
    // the second is like ("strawberry cheesecake", "brick wall", "金鱼"), in the languages that put the noun
    // first the second says what the first is like ("nasi goreng", "rumah kayu", "cà phê sữa"). Only the head
    // is drawn.
    const thingAt = (i: number) => tokens[i]?.entry?.kind === 'thing';
    const nounAt = (i: number) =>
      thingAt(i) ||
      (tokens[i] !== undefined && !tokens[i]!.entry && lexicon.englishNouns.has(tokens[i]!.text));
    if (HEAD_LAST.includes(scene.locale)) {
      // "-ing" after a noun is mostly a verb ("a pizza cooking", "a panda making").
      for (let i = tokens.length - 2; i >= 0; i--)
        if (thingAt(i) && nounAt(i + 1) && !tokens[i]!.plural && !tokens[i + 1]!.text.endsWith('ing'))
          tokens.splice(i, 1);
    } else if (HEAD_FIRST.includes(scene.locale)) {
      for (let i = tokens.length - 1; i >= 1; i--) if (thingAt(i) && thingAt(i - 1)) tokens.splice(i, 1);
    }

    for (let i = tokens.length - 1; i >= 0; i--) if (tokens[i]!.entry?.kind === 'skip') tokens.splice(i, 1);
    let edit: SceneEdit | undefined;
    // Japanese and Korean put the verb last ("猫を左に移動して"), Chinese often in the middle ("把帽子去掉").
    const at = VERB_LAST.includes(scene.locale)
      ? tokens.findIndex((t) => t.entry?.kind === 'edit')
      : tokens[0]?.entry?.kind === 'edit'
        ? 0
        : -1;
    const opener = at >= 0 ? tokens[at]!.entry : undefined;
    if (opener?.kind === 'edit') {
      edit = opener.edit;
      tokens.splice(at, 1);
    } else if (clauseIndex > 0 && tokens[0]?.entry?.kind === 'without') edit = 'remove';
    // An edit word later in a clause is a plain word ("a place", "a turn"): not an instruction.
    const placesInClause: ScenePlace[] = [];
    let pending: Modifiers = {};
    /** Things of this clause since the last relation word: the relation's subjects. */
    let group: number[] = [];
    let lastThing: number | undefined;
    let lastKind: Entry['kind'] | undefined;
    let relation: { relation: SceneRelationName | 'at'; subjects: number[]; before: boolean } | undefined;
    /** A postposition's object waiting for its subject ("沙发上的猫": the sofa waits for the cat). */
    let waitingObject: { object: number; relation: SceneRelationName } | undefined;

    const relate = (subject: number, name: SceneRelationName, object: number) => {
      if (subject === object) return;
      if (!scene.relations.some((r) => r.subject === subject && r.object === object))
        scene.relations.push({ subject, relation: name, object });
    };

    const nextIsThing = (from: number) => {
      for (let j = from + 1; j < tokens.length; j++) {
        const kind = tokens[j]!.entry?.kind;
        if (kind === 'thing') return true;
        if (kind !== 'colour' && kind !== 'size' && kind !== 'number') return false;
      }
      return false;
    };

    tokens.forEach((token, index) => {
      const entry = token.entry;
      if (!entry) {
        // A word it could not place, unless it is a lone letter or digit run of no meaning.
        if ([...token.text].length > 1 || /\p{Script=Han}/u.test(token.text)) scene.unplaced.push(token.text);
        // A count or colour before a word it could not place was that word's ("ثلاث قطط …"), not the next thing's.
        pending = {};
        lastKind = undefined;
        return;
      }
      const modifierOfPrevious = lastKind === 'thing' && lastThing !== undefined && !nextIsThing(index);
      switch (entry.kind) {
        case 'number':
          if (modifierOfPrevious && lastThing !== undefined) scene.things[lastThing]!.count = entry.value;
          else pending.count = entry.value;
          break;
        case 'colour':
          if (modifierOfPrevious && lastThing !== undefined) scene.things[lastThing]!.colour = entry.colour;
          else if (edit === 'make' && !nextIsThing(index) && scene.things[0])
            scene.things[0].colour = entry.colour;
          else pending.colour = entry.colour;
          break;
        case 'size':
          if (modifierOfPrevious && lastThing !== undefined) scene.things[lastThing]!.scale = entry.scale;
          else pending.scale = entry.scale;
          break;
        case 'without':
          pending.without = true;
          break;
        case 'and':
          break;
        case 'position':
          if (lastThing !== undefined) scene.things[lastThing]!.position = entry.position;
          else pending.position = entry.position;
          break;
        case 'style':
          if (edit === 'make' && !scene.styles.includes(entry.style)) scene.styles = [entry.style];
          else if (!scene.styles.includes(entry.style)) scene.styles.push(entry.style);
          break;
        case 'edit':
          break;
        case 'relation':
          if (entry.before) {
            // A postposition: its object is the thing just read.
            if (lastKind === 'thing' && lastThing !== undefined && entry.relation !== 'at') {
              const object = lastThing;
              const subject = group.filter((g) => g !== object).at(-1);
              if (subject !== undefined) relate(subject, entry.relation, object);
              else waitingObject = { object, relation: entry.relation };
            }
          } else
            relation = { relation: entry.relation, subjects: group.length ? [...group] : [], before: false };
          group = [];
          break;
        case 'setting': {
          if (edit === 'remove') {
            for (const name of entry.settings) {
              const aspect = aspectOf(name);
              if (aspect === 'place') scene.places = scene.places.filter((p) => p !== name);
              else if (scene[aspect] === name) scene[aspect] = undefined;
            }
            break;
          }
          for (const name of entry.settings) {
            const aspect = aspectOf(name);
            if (aspect === 'place') {
              // An instruction names a new place: it replaces the old one (chat: "put it on the beach").
              if (edit && placesInClause.length === 0 && scene.places.length) scene.places = [];
              placesInClause.push(name as ScenePlace);
              if (!scene.places.includes(name as ScenePlace)) scene.places.push(name as ScenePlace);
            } else if (aspect === 'time') scene.time = name as SceneTime;
            else if (aspect === 'weather') scene.weather = name as SceneWeather;
            else scene.season = name as SceneSeason;
          }
          // "on a cliff", "in the snow": the relation's object is the place itself.
          relation = undefined;
          pending = {};
          break;
        }
        case 'thing': {
          const identity = { concept: entry.concept, prop: entry.prop };
          if (pending.without || edit === 'remove') {
            excluded.push(identity);
            const gone = scene.things.findIndex((t) => sameThing(t, identity));
            if (gone >= 0) removeThing(scene, gone);
            pending = {};
            lastKind = 'without';
            return;
          }
          if (excluded.some((e) => sameThing(e, entry))) break;
          let at = scene.things.findIndex((t) => sameThing(t, identity));
          const explicitCount = pending.count;
          if (at >= 0 && explicitCount === undefined && !token.plural) {
            // The same thing again: a reference ("move the cat to the left", "the fox is asleep").
          } else if (at >= 0 && edit === 'add') {
            scene.things[at]!.count += explicitCount ?? 1;
          } else if (scene.things.length >= MAX_THINGS) {
            scene.unplaced.push(token.text);
            pending = {};
            return;
          } else {
            scene.things.push({
              ...(entry.concept !== undefined ? { concept: entry.concept } : {}),
              ...(entry.prop ? { prop: entry.prop } : {}),
              name: entry.name,
              ...(entry.emoji ? { emoji: entry.emoji } : {}),
              count: explicitCount ?? (token.plural ? 3 : 1),
              scale: 1,
            });
            at = scene.things.length - 1;
          }
          const thing = scene.things[at]!;
          if (pending.colour) thing.colour = pending.colour;
          if (pending.scale) thing.scale = pending.scale;
          if (pending.position) thing.position = pending.position;
          if (explicitCount !== undefined && at >= 0 && edit === 'make') thing.count = explicitCount;
          pending = {};
          if (relation && relation.relation !== 'at') {
            for (const subject of relation.subjects) relate(subject, relation.relation, at);
            if (!relation.subjects.length) waitingObject = { object: at, relation: relation.relation };
            relation = undefined;
          } else if (waitingObject && waitingObject.object !== at) {
            relate(at, waitingObject.relation, waitingObject.object);
            waitingObject = undefined;
          }
          group.push(at);
          lastThing = at;
          break;
        }
        default:
          break;
      }
      lastKind = entry.kind;
    });
  });

  scene.things.forEach((thing) => {
    thing.count = Math.max(1, Math.min(thing.count, 1000));
  });
  promoteMainSubject(scene);
  return scene;
}

function removeThing(scene: ReadScene, index: number) {
  scene.things.splice(index, 1);
  scene.relations = scene.relations
    .filter((r) => r.subject !== index && r.object !== index)
    .map((r) => ({
      ...r,
      subject: r.subject > index ? r.subject - 1 : r.subject,
      object: r.object > index ? r.object - 1 : r.object,
    }));
}

/**
 * The main subject first: the first thing that is the subject of a relation and not worn or held by another
 * ("沙发上的猫" reads the sofa first, but the cat is what the picture is of); then the rest in prompt order.
 */
function promoteMainSubject(scene: ReadScene) {
  const dependent = new Set(
    scene.relations
      .filter((r) => r.relation === 'wearing' || r.relation === 'holding' || r.relation === 'riding')
      .map((r) => r.object),
  );
  const objects = new Set(scene.relations.map((r) => r.object));
  const main = scene.things.findIndex((_, i) => !objects.has(i) && !dependent.has(i));
  if (main <= 0) return;
  const order = [main, ...scene.things.map((_, i) => i).filter((i) => i !== main)];
  const where = new Map(order.map((old, now) => [old, now]));
  scene.things = order.map((i) => scene.things[i]!);
  scene.relations = scene.relations.map((r) => ({
    ...r,
    subject: where.get(r.subject)!,
    object: where.get(r.object)!,
  }));
}
