// Pictura Scenes' dictionary: every word and phrase the scene reader knows, per language, with what it is
// (a thing to draw, a setting, a count, a relation…). Things come from scene-lexicon.json (CLDR names and
// keywords of Pictura Emoji's concepts in 16 languages, and English nouns placed by meaning through WordNet's
// hypernyms; built by training/pictura-scenes/build-lexicon.ts); the structure words from ./words/.
//
// Words are matched whole, or through their inflections (plurals, case endings, Arabic prefixes, Korean
// particles) by stripping the same endings from the prompt's word and the dictionary's; never through a
// shared prefix, so "shiba" is never "ship".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@pictura/common/locales';
import type { ScenePosition, SceneSettingName } from '@pictura/common/scene';
import { PROPS } from './scene.props.ts';
import { SCENE_WORDS } from './words/index.ts';
import type { ReaderRelation, SceneColour, SceneEdit, SceneStyleName } from './words/scene-words.ts';

/** What a dictionary entry is. */
export type Entry =
  | {
      kind: 'thing';
      concept?: number;
      prop?: string;
      name: string;
      emoji?: string;
      /** Placed through WordNet's hypernyms (English only), not named by CLDR or our words. */
      inferred?: boolean;
      /** A name or keyword CLDR gives the concept (not a word WordNet places under it). */
      named?: boolean;
    }
  | { kind: 'setting'; settings: SceneSettingName[] }
  | { kind: 'number'; value: number }
  | { kind: 'colour'; colour: SceneColour }
  | { kind: 'size'; scale: number }
  | { kind: 'relation'; relation: ReaderRelation; before: boolean }
  | { kind: 'and' }
  | { kind: 'without' }
  | { kind: 'style'; style: SceneStyleName }
  | { kind: 'position'; position: ScenePosition }
  | { kind: 'edit'; edit: SceneEdit }
  | { kind: 'skip' };

export interface ConceptFacts {
  emoji: string;
  name: string;
  /** Unicode subgroup ("animal-mammal"). */
  group: string;
  /** Height relative to a person. */
  size: number;
  /** English words for its broader kinds (WordNet hypernyms: "vehicle" for automobile). */
  kinds: readonly string[];
  /** The broader kinds' own names, nearest first: a beagle's "hound", "dog"; a lion's "big cat", never "cat". */
  broader: readonly string[];
}

export interface LanguageDictionary {
  locale: Locale;
  /** Written without spaces: keys are found inside the text. */
  unspaced: boolean;
  phrases: Map<string, Entry>;
  /** Stem of a one-word key → entry, for inflected forms. */
  stems: Map<string, Entry>;
  /** Longest key, in words (spaced) or characters (unspaced). */
  longest: number;
}

export interface SceneLexicon {
  concepts: readonly ConceptFacts[];
  /** English nouns it cannot draw (WordNet): still nouns, for reading compounds ("brick wall"). */
  englishNouns: ReadonlySet<string>;
  languages: Record<Locale, LanguageDictionary>;
  conceptByName: Map<string, number>;
}

export const UNSPACED_LOCALES: readonly Locale[] = ['zh-CN', 'zh-TW', 'ja', 'th'];

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Inflections a prompt's word may carry (plurals, cases, Korean particles), longest tried first. */
const ENDINGS: Partial<Record<Locale, string[]>> = {
  es: ['es', 's'],
  pt: ['ões', 'ães', 'ns', 'es', 's'],
  fr: ['aux', 'x', 's'],
  it: ['i', 'e'],
  de: ['nen', 'en', 'er', 'es', 'e', 'n', 's'],
  ru: [
    'ами',
    'ями',
    'ого',
    'его',
    'ому',
    'ему',
    'ыми',
    'ими',
    'иях',
    'ах',
    'ях',
    'ов',
    'ев',
    'ей',
    'ам',
    'ям',
    'ой',
    'ий',
    'ый',
    'ая',
    'яя',
    'ое',
    'ее',
    'ую',
    'юю',
    'ом',
    'ем',
    'ью',
    'ия',
    'ие',
    'ии',
    'а',
    'я',
    'ы',
    'и',
    'у',
    'ю',
    'е',
    'о',
    'ь',
  ],
  ar: ['ات', 'ون', 'ين', 'ان', 'ة', 'ه', 'ها'],
  ko: [
    '에서',
    '으로',
    '이랑',
    '하고',
    '은',
    '는',
    '이',
    '가',
    '을',
    '를',
    '에',
    '의',
    '와',
    '과',
    '로',
    '도',
    '랑',
  ],
};
/**
 * Endings of a dictionary word's base form that its inflected forms replace ("кошка" → "кошки", "gatto" →
 * "gatti", "Katze" → "Katzen"): the dictionary's word is also found under its form without them.
 */
const BASE_ENDINGS: Partial<Record<Locale, string[]>> = {
  es: ['o', 'a', 'e'],
  pt: ['ão', 'o', 'a', 'e', 'm'],
  fr: ['al', 'e'],
  it: ['o', 'a', 'e'],
  de: ['e'],
  ru: ['ок', 'ий', 'ый', 'а', 'я', 'ь', 'о', 'е', 'й'],
  ar: ['ة'],
};
const ARABIC_PREFIXES = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ف', 'ب', 'ل', 'ك'];
/**
 * Shortest stem kept, in letters: a shorter one says too little to be a word's meaning ("roux" and "roue"
 * share "rou", and nothing else).
 */
const MIN_STEM: Partial<Record<Locale, number>> = { ru: 3, ar: 3, ko: 1 };
const DEFAULT_MIN_STEM = 4;

function stripArabicPrefix(word: string): string {
  for (const prefix of ARABIC_PREFIXES)
    if (word.startsWith(prefix) && [...word].length - prefix.length >= 3) return word.slice(prefix.length);
  return word;
}

function strip(word: string, endings: readonly string[], min: number): string {
  for (const ending of endings)
    if (word.endsWith(ending) && [...word].length - [...ending].length >= min)
      return word.slice(0, word.length - ending.length);
  return word;
}

/** Spelling variants a language treats as one (German umlauts, Russian ё) and Arabic's attached article. */
export function fold(word: string, locale: Locale): string {
  let w = word;
  if (locale === 'de') w = w.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u');
  if (locale === 'ru') w = w.replace(/ё/g, 'е');
  if (locale === 'ar') w = stripArabicPrefix(w);
  return w;
}

/** A prompt's word without its inflection, to meet a dictionary word of the same stem. */
export function stem(word: string, locale: Locale): string {
  return strip(fold(word, locale), ENDINGS[locale] ?? [], MIN_STEM[locale] ?? DEFAULT_MIN_STEM);
}

/** The forms a dictionary word is found under: as written (folded) and without its base form's ending. */
export function dictionaryStems(word: string, locale: Locale): string[] {
  const folded = fold(word, locale);
  const base = strip(folded, BASE_ENDINGS[locale] ?? [], MIN_STEM[locale] ?? DEFAULT_MIN_STEM);
  return base === folded ? [folded] : [folded, base];
}

const ENGLISH_IRREGULAR: Record<string, string> = {
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  oxen: 'ox',
  knives: 'knife',
  leaves: 'leaf',
  wolves: 'wolf',
  calves: 'calf',
  loaves: 'loaf',
  halves: 'half',
  shelves: 'shelf',
  dice: 'die',
  cacti: 'cactus',
  fungi: 'fungus',
};

/** English singulars a word may be the plural of, most likely first ("ponies" → "pony", "foxes" → "fox"). */
export function englishSingulars(word: string): string[] {
  const irregular = ENGLISH_IRREGULAR[word];
  if (irregular) return [irregular];
  const out: string[] = [];
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('men')) out.push(`${word.slice(0, -3)}man`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}

interface LexiconFile {
  /** English nouns it cannot draw, space-separated. */
  nouns?: string;
  /** The model's concepts in its order, then the picture library's own (which carry their names). */
  concepts: {
    group: string;
    size: number;
    kinds?: string[];
    broader?: string[];
    name?: string;
    emoji?: string;
  }[];
  words: Record<string, Record<string, number>>;
  wordnet: Record<string, number>;
}

/** Later entries of the same key lose: a setting beats a thing of the same words, a number beats both. */
function put(dictionary: LanguageDictionary, key: string, entry: Entry) {
  const phrase = normalise(key);
  if (!phrase || dictionary.phrases.has(phrase)) return;
  dictionary.phrases.set(phrase, entry);
  const length = dictionary.unspaced ? [...phrase].length : phrase.split(' ').length;
  dictionary.longest = Math.max(dictionary.longest, length);
  if (!dictionary.unspaced && !phrase.includes(' ') && dictionary.locale !== 'en')
    for (const form of dictionaryStems(phrase, dictionary.locale))
      if (!dictionary.stems.has(form)) dictionary.stems.set(form, entry);
}

export function buildSceneLexicon(
  file: LexiconFile,
  concepts: readonly { emoji: string; name: string }[],
): SceneLexicon {
  // The picture library's concepts follow the model's: drawn from pictures only.
  const all = [
    ...concepts,
    ...file.concepts.slice(concepts.length).map((c) => ({ emoji: c.emoji ?? '', name: c.name ?? '' })),
  ];
  const facts: ConceptFacts[] = all.map((concept, i) => ({
    emoji: concept.emoji,
    name: concept.name,
    group: file.concepts[i]?.group ?? '',
    size: file.concepts[i]?.size ?? 0.7,
    kinds: file.concepts[i]?.kinds ?? [],
    broader: file.concepts[i]?.broader ?? [],
  }));
  const conceptByName = new Map(facts.map((concept, i) => [normalise(concept.name), i]));
  /** A thing the words tables name: a prop, or a concept of this model (a model trained on fewer lacks some). */
  const thing = (name: string): Entry | undefined => {
    const index = conceptByName.get(normalise(name));
    if (PROPS.includes(name))
      return {
        kind: 'thing',
        prop: name,
        name,
        ...(index !== undefined ? { emoji: facts[index]!.emoji } : {}),
      };
    if (index === undefined) return undefined;
    return { kind: 'thing', concept: index, name: facts[index]!.name, emoji: facts[index]!.emoji };
  };
  const languages = {} as Record<Locale, LanguageDictionary>;
  for (const [locale, words] of Object.entries(SCENE_WORDS) as [Locale, (typeof SCENE_WORDS)[Locale]][]) {
    const dictionary: LanguageDictionary = {
      locale,
      unspaced: UNSPACED_LOCALES.includes(locale),
      phrases: new Map(),
      stems: new Map(),
      longest: 1,
    };
    // Earlier kinds win a key both claim.
    for (const [key, value] of Object.entries(words.numbers)) put(dictionary, key, { kind: 'number', value });
    for (const [key, edit] of Object.entries(words.edits)) put(dictionary, key, { kind: 'edit', edit });
    for (const [key, position] of Object.entries(words.positions))
      put(dictionary, key, { kind: 'position', position });
    for (const [key, value] of Object.entries(words.settings))
      put(dictionary, key, { kind: 'setting', settings: Array.isArray(value) ? value : [value] });
    for (const [key, style] of Object.entries(words.styles)) put(dictionary, key, { kind: 'style', style });
    for (const [key, colour] of Object.entries(words.colours))
      put(dictionary, key, { kind: 'colour', colour });
    for (const [key, scale] of Object.entries(words.sizes)) put(dictionary, key, { kind: 'size', scale });
    for (const [key, value] of Object.entries(words.relations))
      put(
        dictionary,
        key,
        typeof value === 'string'
          ? { kind: 'relation', relation: value, before: false }
          : { kind: 'relation', relation: value.relation, before: true },
      );
    for (const key of words.and) put(dictionary, key, { kind: 'and' });
    for (const key of words.without) put(dictionary, key, { kind: 'without' });
    for (const [key, name] of Object.entries(words.things)) {
      const entry = thing(name);
      if (entry) put(dictionary, key, entry);
    }
    for (const key of words.skip) put(dictionary, key, { kind: 'skip' });
    for (const [key, index] of Object.entries(file.words[locale] ?? {}))
      put(dictionary, key, {
        kind: 'thing',
        concept: index,
        name: facts[index]!.name,
        emoji: facts[index]!.emoji,
        named: true,
      });
    if (locale === 'en')
      for (const [key, index] of Object.entries(file.wordnet))
        put(dictionary, key, {
          kind: 'thing',
          concept: index,
          name: facts[index]!.name,
          emoji: facts[index]!.emoji,
        });
    languages[locale] = dictionary;
  }
  return { concepts: facts, languages, conceptByName, englishNouns: new Set((file.nouns ?? '').split(' ')) };
}

export function loadSceneLexicon(
  modelDir: string,
  concepts: readonly { emoji: string; name: string }[],
): SceneLexicon {
  const path = join(modelDir, 'scene-lexicon.json');
  if (!existsSync(path)) return buildSceneLexicon(namesOnly(modelDir, concepts.length), concepts);
  const file = JSON.parse(readFileSync(path, 'utf8')) as LexiconFile;
  const extra = file.concepts.slice(concepts.length);
  if (file.concepts.length < concepts.length || extra.some((concept) => !concept.name))
    throw new Error(
      `${path} indexes ${file.concepts.length} concepts but the model draws ${concepts.length} (the picture library's follow, each named): rebuild it with npm run scenes:lexicon -- --model-dir ${modelDir}`,
    );
  return buildSceneLexicon(file, concepts);
}

/**
 * A model trained anew has no lexicon until one is built for it: its own vocabulary's names in 16 languages
 * stand in (no keywords, no WordNet), so it still reads the names it was trained on.
 */
function namesOnly(modelDir: string, count: number): LexiconFile {
  const vocabulary = JSON.parse(readFileSync(join(modelDir, 'vocabulary.json'), 'utf8')) as {
    concepts: { names?: Record<string, string> }[];
  };
  const words: Record<string, Record<string, number>> = {};
  vocabulary.concepts.forEach((concept, index) => {
    for (const [language, name] of Object.entries(concept.names ?? {})) {
      words[language] ??= {};
      words[language]![normalise(name)] ??= index;
    }
  });
  return { concepts: Array.from({ length: count }, () => ({ group: '', size: 0.7 })), words, wordnet: {} };
}
