// Pictura Scenes' lexicon: which concept of Pictura Emoji a word or phrase means, in each of the 16 languages,
// by meaning and never by spelling. Built from Debian's packages (named, with versions and hashes, in the
// output and in the model card):
// - unicode-data and unicode-cldr-core: each concept's names and keywords in 16 languages (CLDR annotations);
// - wordnet-base: English nouns reach a concept through their hypernyms ("sedan" → car → 🚗, "styracosaurus"
//   → ceratopsian → … → dinosaur → 🦕), so a word the emoji names never use still finds its meaning.
// Writes services/worker/models/pictura-emoji/scene-lexicon.json and the web app's localized concept names
// (web/public/scene-names/<locale>.json). Run: npm run scenes:lexicon [-- --model-dir DIR --web-names DIR]
// (the same packages give the same bytes: training/pictura-scenes/lexicon.test.ts rebuilds and compares).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractDebianPackages } from '../../scripts/lib/debian-packages.mjs';
import { normalise, stem } from '../../services/worker/src/generate/scene/scene.lexicon.ts';
import { PROPS } from '../../services/worker/src/generate/scene/scene.props.ts';
import { SCENE_WORDS } from '../../services/worker/src/generate/scene/words/index.ts';
import {
  annotateConcepts,
  type Concept,
  LANGUAGES,
  type Language,
  readEmojiTest,
} from '../pictura-emoji/emoji-sources.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CACHE = join(ROOT, '.cache/pictura-scenes');
const { values: args } = parseArgs({
  options: { 'model-dir': { type: 'string' }, 'web-names': { type: 'string' } },
});
/** The model whose vocabulary.json the lexicon indexes, and where scene-lexicon.json is written. */
const MODEL_DIR = args['model-dir'] ?? join(ROOT, 'services/worker/models/pictura-emoji');
const WEB_NAMES = args['web-names'] ?? join(ROOT, 'web/public/scene-names');
const PACKAGES = ['unicode-data', 'unicode-cldr-core', 'wordnet-base'];

/** Keywords shared by more concepts than this say too little to pick one ("face", "animal"). */
const MAX_KEYWORD_SHARE = 6;
/** The same for the other languages, where no WordNet checks a keyword's meaning. */
const MAX_FOREIGN_KEYWORD_SHARE = 0;
/** Languages whose words are single characters or syllables, where a one-piece keyword is too vague. */
const UNSPACED = new Set(['zh-CN', 'zh-TW', 'ja', 'th', 'vi']);
/** Hypernym steps a WordNet noun may climb to reach a concept. */
const MAX_HYPERNYM_STEPS = 5;
/** Senses of a WordNet noun tried, most frequent first. */
const MAX_SENSES = 2;
/**
 * Synsets too general to stand for a thing to draw: a noun that only reaches a concept through one of these
 * is not placed (an "entity" is not a picture of anything).
 */
export const TOO_GENERAL = new Set([
  'entity',
  'physical_entity',
  'abstraction',
  'object',
  'whole',
  'artifact',
  'artefact',
  'living_thing',
  'organism',
  'causal_agent',
  'matter',
  'substance',
  'thing',
  'unit',
  'instrumentality',
  'structure',
  'container',
  'device',
  'covering',
  'commodity',
  'material',
  'part',
  'group',
  'relation',
  'attribute',
  'measure',
  'psychological_feature',
  'event',
  'act',
  'communication',
  'location',
  'region',
  'food',
  'nutriment',
  'solid',
  'fluid',
  'liquid',
  'plant_part',
  'natural_object',
  'vertebrate',
  'chordate',
  'animal',
  'creature',
  'being',
  'young',
  'offspring',
  'weather',
  'atmospheric_phenomenon',
  'phenomenon',
  'natural_phenomenon',
  'physical_phenomenon',
  'process',
  'representation',
  'creation',
  'shape',
  'form',
  'symbol',
  'sign',
  'signal',
  'message',
  'content',
  'idea',
  'concept',
  'state',
  'condition',
  'feeling',
  'emotion',
  'body_part',
]);

/**
 * A keyword many concepts share picks this one ("moon" is a crescent moon, not a new moon); for English, it
 * also anchors WordNet's broader term ("styracosaurus" → … → dinosaur → sauropod).
 */
export const PREFERRED: Record<string, string> = {
  moon: 'crescent moon',
  hat: 'top hat',
  planet: 'ringed planet',
  dinosaur: 'sauropod',
  flower: 'blossom',
  tree: 'deciduous tree',
  boat: 'sailboat',
  fish: 'fish',
  bird: 'bird',
  heart: 'red heart',
  car: 'automobile',
  bus: 'bus',
  train: 'locomotive',
  plane: 'airplane',
  phone: 'mobile phone',
  book: 'closed book',
  house: 'house',
  clock: 'mantelpiece clock',
  sun: 'sun',
  star: 'star',
  snake: 'snake',
  monkey: 'monkey',
  insect: 'lady beetle',
  bug: 'bug',
  computer: 'laptop',
  cake: 'shortcake',
  bread: 'bread',
  shoe: 'running shoe',
};

/** WordNet's kinds of noun (lexicographer files) that fit a Unicode subgroup, most fitting first. */
function kindsFor(subgroup: string): number[] {
  // A picture library concept carries its WordNet kind ("wordnet-5").
  if (subgroup.startsWith('wordnet-')) return [Number.parseInt(subgroup.slice(8), 10)];
  if (subgroup.endsWith('flag')) return [6];
  if (subgroup.startsWith('animal')) return [5];
  if (subgroup.startsWith('plant')) return [20];
  if (subgroup.startsWith('food') || subgroup === 'drink' || subgroup === 'dishware') return [13, 6];
  if (/person|people|family|role|fantasy|activity|sport/.test(subgroup)) return [18, 6];
  if (subgroup === 'body-parts') return [8];
  if (subgroup === 'sky & weather') return [19, 17];
  if (subgroup.startsWith('place')) return [6, 15, 17];
  return [6, 17, 19];
}

/** Concepts that stand for a whole kind are a fallback: reaching them counts these extra steps. */
const GENERIC_CONCEPTS: Record<string, number> = { person: 2 };

/** Relative height of a concept's kind (a person is 1), by its Unicode subgroup. */
const SUBGROUP_SIZE: Record<string, number> = {
  'animal-mammal': 0.95,
  'animal-bird': 0.6,
  'animal-amphibian': 0.45,
  'animal-reptile': 0.75,
  'animal-marine': 0.85,
  'animal-bug': 0.35,
  'plant-flower': 0.5,
  'plant-other': 0.9,
  'food-fruit': 0.35,
  'food-vegetable': 0.35,
  'food-prepared': 0.45,
  'food-asian': 0.45,
  'food-marine': 0.45,
  'food-sweet': 0.45,
  drink: 0.4,
  dishware: 0.4,
  'place-map': 1.2,
  'place-geographic': 1.7,
  'place-building': 1.8,
  'place-religious': 1.8,
  'place-other': 1.4,
  'transport-ground': 1.25,
  'transport-water': 1.5,
  'transport-air': 1.4,
  hotel: 1,
  time: 0.5,
  'sky & weather': 0.8,
  event: 0.6,
  'award-medal': 0.4,
  sport: 0.45,
  game: 0.45,
  'arts & crafts': 0.45,
  clothing: 0.5,
  sound: 0.5,
  music: 0.5,
  'musical-instrument': 0.7,
  phone: 0.4,
  computer: 0.5,
  'light & video': 0.5,
  'book-paper': 0.4,
  money: 0.4,
  mail: 0.4,
  writing: 0.35,
  office: 0.4,
  lock: 0.35,
  tool: 0.5,
  science: 0.5,
  medical: 0.4,
  household: 0.8,
  'other-object': 0.5,
  'body-parts': 0.45,
};
/** Kinds whose size the subgroup gets wrong, by a word of the English name. */
const NAME_SIZE: Record<string, number> = {
  elephant: 1.5,
  mammoth: 1.5,
  whale: 1.6,
  horse: 1.2,
  giraffe: 1.7,
  camel: 1.3,
  cow: 1.1,
  ox: 1.1,
  bison: 1.2,
  rhinoceros: 1.3,
  hippopotamus: 1.3,
  bear: 1.1,
  gorilla: 1.1,
  dinosaur: 1.6,
  sauropod: 1.7,
  't-rex': 1.6,
  mouse: 0.35,
  rat: 0.4,
  hamster: 0.35,
  chipmunk: 0.35,
  rabbit: 0.5,
  hedgehog: 0.4,
  cat: 0.6,
  dog: 0.75,
  poodle: 0.7,
  fox: 0.75,
  chick: 0.35,
  snail: 0.3,
  couch: 1.0,
  bed: 0.9,
  door: 1.2,
  ambulance: 1.3,
  rocket: 1.8,
  'flying saucer': 1.4,
  tree: 1.8,
  'palm tree': 1.8,
  cactus: 1.1,
  moon: 0.8,
  'hot springs': 1.2,
  house: 1.6,
  'teddy bear': 0.5,
  balloon: 0.6,
  umbrella: 0.8,
  kite: 0.6,
};

type Words = Record<string, number>;

function hash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * How well a concept answers to a keyword: its name is the keyword, ends with it ("deciduous tree" for
 * "tree"), or merely has it; shorter names are plainer.
 */
function keywordFit(concept: Concept, language: string, keyword: string): number {
  const name = normalise(concept.names[language as keyof Concept['names']] ?? '');
  let score = 0;
  if (name === keyword) score += 100;
  else if (name.endsWith(` ${keyword}`)) score += 20;
  else if (name.startsWith(`${keyword} `)) score += 12;
  else if (name.includes(keyword)) score += 8;
  // Faces and hand gestures share keywords with the things they show ("cat face", "moon face"); the
  // thing itself is the better picture of the word.
  if (/face|hand|gesture|emotion/.test(concept.subgroup)) score -= 6;
  // Where names have no spaces to count words by (Chinese, Japanese, Thai), the English name's length says
  // which concept is plainer ("犬": dog before guide dog).
  return score - name.split(' ').length - normalise(concept.name).split(' ').length / 2;
}

/** Phrase → concept per language: names first, then keywords that are specific enough. */
function buildWords(concepts: Concept[]): Record<string, Words> {
  const out: Record<string, Words> = {};
  for (const language of LANGUAGES) {
    const words: Words = {};
    const claims = new Map<string, number[]>();
    concepts.forEach((concept, index) => {
      for (const keyword of concept.keywords[language] ?? []) {
        const key = normalise(keyword);
        if (!key) continue;
        const list = claims.get(key) ?? [];
        if (!list.includes(index)) list.push(index);
        claims.set(key, list);
      }
    });
    for (const [key, rawList] of claims) {
      // Hands and body parts are gestures: reached only by their names ("thumbs up"), never by a keyword
      // ("hand", "руках", "يد"), which in a prompt says where a thing is held.
      const list = rawList.filter((index) => !/^hand|^hands$|body-parts/.test(concepts[index]!.subgroup));
      if (!list.length) continue;
      // The name is the keyword, or the keyword is the name's head: last in English and German ("closed
      // umbrella"), first in the languages that put the noun first ("parapluie ouvert", "ô mở").
      // Or, claimed by at most two concepts, it is a word of the name ("raposa" in "rosto de raposa", "狐" in
      // "狐狸"): the name's own word, not an association.
      const plain = (index: number) => {
        const name = normalise(concepts[index]!.names[language] ?? '');
        const headFirst = !['en', 'de', 'zh-CN', 'zh-TW', 'ja', 'ko'].includes(language);
        if (name === key || (headFirst ? name.startsWith(`${key} `) : name.endsWith(` ${key}`))) return true;
        if (language === 'en' || rawList.length > 2) return false;
        // Written without spaces, a word of the name is two characters or more ("狐狸", never "子").
        if (UNSPACED.has(language) && language !== 'vi') return [...key].length >= 2 && name.includes(key);
        const stems = (text: string) => text.split(' ').map((word) => stem(word, language as Language));
        const keyStem = stems(key).join(' ');
        return ` ${stems(name).join(' ')} `.includes(` ${keyStem} `);
      };
      // Outside English no WordNet checks a keyword, so only a keyword few concepts share is taken as a
      // synonym ("kot" for a cat); one many share is an association ("antigo": old key, old man…). A single
      // Chinese or Japanese character is a word only as a concept's name ("猫"), never as a keyword ("金").
      const share = language === 'en' ? MAX_KEYWORD_SHARE : MAX_FOREIGN_KEYWORD_SHARE;
      if (list.length > share && !list.some(plain)) continue;
      const pieces = language === 'vi' ? key.split(' ').length : [...key].length;
      if (UNSPACED.has(language) && pieces === 1 && !list.some(plain)) continue;
      const best = [...list].sort(
        (a, b) => keywordFit(concepts[b]!, language, key) - keywordFit(concepts[a]!, language, key) || a - b,
      )[0]!;
      words[key] = best;
    }
    // Names win over keywords; a shorter name is plainer than a longer one that shares it.
    concepts.forEach((concept, index) => {
      const name = concept.names[language];
      if (!name) return;
      const key = normalise(name);
      const holder = words[key];
      const holderIsName = holder !== undefined && normalise(concepts[holder]!.names[language] ?? '') === key;
      if (!holderIsName) words[key] = index;
      // "cat face" also answers to "cat" when nothing else does.
      const bare = key.replace(/ face$/, '');
      if (bare !== key && words[bare] === undefined) words[bare] = index;
    });
    // In the Romance languages a name's first word is the thing itself ("parapluie ouvert" is a "parapluie"):
    // it names the concept with the plainest such name, where nothing else claims it. (Malay, Indonesian and
    // Vietnamese names often begin with a classifier, "buah", "con": not there.)
    if (['fr', 'es', 'it', 'pt'].includes(language)) {
      const heads = new Map<string, number>();
      concepts.forEach((concept, index) => {
        const name = normalise(concept.names[language] ?? '');
        const words = name.split(' ');
        if (words.length < 2 || [...words[0]!].length < 3 || /face|hand|person/.test(concept.subgroup))
          return;
        const held = heads.get(words[0]!);
        const heldLength =
          held === undefined ? Infinity : normalise(concepts[held]!.names[language] ?? '').length;
        if (name.length < heldLength) heads.set(words[0]!, index);
      });
      for (const [head, index] of heads) if (words[head] === undefined) words[head] = index;
    }
    out[language] = words;
  }
  const byName = new Map(concepts.map((concept, index) => [normalise(concept.name), index]));
  for (const [word, name] of Object.entries(PREFERRED)) {
    const index = byName.get(name);
    if (index === undefined) throw new Error(`PREFERRED names ${name}, which is not a concept`);
    out.en![word] = index;
  }
  return out;
}

interface Synset {
  lemmas: string[];
  hypernyms: string[];
  /** WordNet's lexicographer file: what kind of noun it is (5 animal, 6 artifact, 9 cognition…). */
  kind: number;
}

/**
 * Kinds of nouns that can be pictured: animals, artifacts, food, locations, natural objects, people,
 * phenomena (rain, waves), plants, shapes, substances. A theory (cognition) or a feeling is not drawn,
 * whatever emoji its hypernyms reach; nor is a part of a body ("on a pirate's shoulder"), which is where a
 * thing is, not a thing.
 */
const DRAWABLE_KINDS = new Set([5, 6, 13, 15, 17, 18, 19, 20, 25, 27]);

/**
 * One of WordNet's index files (index.noun, index.verb, index.adj): each lemma's synsets, most frequent sense
 * first, and how many of its senses were seen tagged in the corpus (how common the word is in that part of
 * speech).
 */
export function readIndex(dir: string, pos: 'noun' | 'verb' | 'adj' | 'adv') {
  const index = new Map<string, { offsets: string[]; tagged: number }>();
  for (const line of readFileSync(join(dir, `index.${pos}`), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.trim().split(' ');
    const synsetCount = Number.parseInt(parts[2]!, 10);
    index.set(parts[0]!, {
      offsets: parts.slice(parts.length - synsetCount),
      tagged: Number.parseInt(parts[parts.length - synsetCount - 1]!, 10),
    });
  }
  return index;
}

export function readWordNet(dir: string) {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(join(dir, 'data.noun'), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.split(' ');
    const offset = parts[0]!;
    const kind = Number.parseInt(parts[1]!, 10);
    const count = Number.parseInt(parts[3]!, 16);
    const lemmas: string[] = [];
    for (let i = 0; i < count; i++) lemmas.push(parts[4 + i * 2]!.toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + count * 2;
    const pointers = Number.parseInt(parts[at]!, 10);
    at++;
    const hypernyms: string[] = [];
    for (let i = 0; i < pointers; i++) {
      const [symbol, target, pos] = [parts[at]!, parts[at + 1]!, parts[at + 2]!];
      // An instance's class counts ("Eiffel Tower" is a tower), except a named person's: "Chevalier" the
      // singer is no picture of a knight.
      if ((symbol === '@' || (symbol === '@i' && kind !== 18)) && pos === 'n') hypernyms.push(target);
      at += 4;
    }
    synsets.set(offset, { lemmas, hypernyms, kind });
  }
  const nouns = readIndex(dir, 'noun');
  const senses = new Map([...nouns].map(([lemma, entry]) => [lemma, entry.offsets]));
  return { synsets, senses, nouns };
}

/**
 * English nouns → concept through WordNet: each concept anchors the senses of its English name (and of the
 * keywords that are words of that name: "saw" for "carpentry saw"); every other noun climbs its hypernyms
 * from its most frequent senses to the nearest anchor. A CLDR keyword that WordNet reads as another thing
 * ("pirate" for the parrot, "ocean" for coral) is an association, not a meaning: it is dropped from the
 * English words (in place). Returns the nouns the CLDR words lack.
 */
function buildWordNetWords(
  concepts: Concept[],
  english: Words,
  dir: string,
  kinds: Record<number, string[]>,
  nouns: string[],
  broader: Record<number, string[]> = {},
): Words {
  const { synsets, senses, nouns: nounIndex } = readWordNet(dir);
  const anchors = new Map<string, { concept: number; strength: number; sense: number }>();
  // A word's two most frequent senses are anchored, the first more strongly ("saw": a saying, then the tool).
  const anchor = (phrase: string, concept: number, strength: number, count = 2) => {
    const all = senses.get(phrase.replace(/ /g, '_')) ?? [];
    // The senses of the concept's own kind come first: "ewe" is the sheep before the people of Ghana, "ram"
    // the sheep before computer memory.
    const fitting = kindsFor(concepts[concept]!.subgroup);
    const offsets = [
      ...all.filter((o) => fitting.includes(synsets.get(o)?.kind ?? -1)),
      ...all.filter((o) => !fitting.includes(synsets.get(o)?.kind ?? -1)),
    ];
    offsets.slice(0, count).forEach((offset, sense) => {
      const lemma = synsets.get(offset)?.lemmas[0] ?? '';
      if (TOO_GENERAL.has(lemma)) return;
      const weight = strength - sense / 2;
      const held = anchors.get(offset);
      if (!held || held.strength < weight) anchors.set(offset, { concept, strength: weight, sense });
    });
  };
  const nameOf = (index: number) => normalise(concepts[index]!.names.en ?? concepts[index]!.name);
  /** The name's head: "saw" of "carpentry saw", "couch" or "lamp" of "couch and lamp"; never "water" of "water buffalo". */
  const inName = (phrase: string, index: number) => {
    const name = nameOf(index);
    // "person: blond hair" is a person, not hair.
    if (name.includes(':')) return name === phrase;
    return name
      .replace(/ face$/, '')
      .split(/ (?:and|with|without) /)
      .some((part, i) => part === phrase || (i === 0 && part.endsWith(` ${phrase}`)));
  };
  for (const [phrase, concept] of Object.entries(english))
    if (inName(phrase, concept)) anchor(phrase, concept, 1);
  concepts.forEach((_, index) => {
    const name = nameOf(index);
    anchor(name.replace(/ face$/, ''), index, 2);
    // "teacup without handle" is a teacup.
    anchor(name.split(/ (?:with|without) /)[0]!, index, 2);
    anchor(name, index, 3);
  });
  for (const word of Object.keys(PREFERRED)) anchor(word, english[word]!, 4, 3);

  /** The nearest anchor above a synset, and how many steps up it is. */
  const nearest = (start: string): { concept: number; steps: number; strength: number } | undefined => {
    let frontier = [start];
    const seen = new Set(frontier);
    for (let steps = 0; steps <= MAX_HYPERNYM_STEPS && frontier.length; steps++) {
      for (const offset of frontier) {
        const hit = anchors.get(offset);
        // An anchor from its word's less frequent sense is a step further ("wizard" is a mage before a star).
        if (hit)
          return {
            concept: hit.concept,
            steps: steps + hit.sense + (GENERIC_CONCEPTS[nameOf(hit.concept)] ?? 0),
            strength: hit.strength,
          };
      }
      const next: string[] = [];
      for (const offset of frontier) {
        for (const up of synsets.get(offset)?.hypernyms ?? []) {
          if (seen.has(up)) continue;
          seen.add(up);
          if (TOO_GENERAL.has(synsets.get(up)?.lemmas[0] ?? '')) continue;
          next.push(up);
        }
      }
      frontier = next;
    }
    return undefined;
  };
  /** A noun's concept: of its most frequent senses, the one nearest an anchor (a later sense counts a step more). */
  const meaning = (offsets: string[], phrase = ''): number | undefined => {
    // A compound is a kind of its head when one of its senses says so: "red fox" is a fox before it is the
    // plant of the same name.
    const head = phrase.includes(' ') ? english[phrase.slice(phrase.lastIndexOf(' ') + 1)] : undefined;
    if (head !== undefined && offsets.some((offset) => nearest(offset)?.concept === head)) return head;
    let best: { concept: number; cost: number; strength: number } | undefined;
    // A word whose most frequent sense cannot be pictured is not read as its rarer one ("shoulder" is a
    // body part before it is a cut of meat).
    if (!DRAWABLE_KINDS.has(synsets.get(offsets[0] ?? '')?.kind ?? -1)) return undefined;
    offsets.slice(0, MAX_SENSES).forEach((offset, sense) => {
      if (!DRAWABLE_KINDS.has(synsets.get(offset)?.kind ?? -1)) return;
      const hit = nearest(offset);
      // A rarer sense does not fall back on a whole kind ("sheep" as a simpleton is not a person to draw).
      if (!hit || (sense > 0 && GENERIC_CONCEPTS[nameOf(hit.concept)] !== undefined)) return;
      const cost = hit.steps + sense;
      if (!best || cost < best.cost || (cost === best.cost && hit.strength > best.strength))
        best = { concept: hit.concept, cost, strength: hit.strength };
    });
    return best?.concept;
  };

  // Each concept's broader words ("automobile": motor vehicle, vehicle…), from its name's first sense up.
  for (const [offset, hit] of anchors) {
    if (hit.strength < 2 || hit.sense > 0) continue;
    kinds[hit.concept] ??= [];
    const list = kinds[hit.concept]!;
    let frontier = [offset];
    for (let step = 0; step < MAX_HYPERNYM_STEPS + 2 && frontier.length; step++) {
      frontier = frontier.flatMap((o) => synsets.get(o)?.hypernyms ?? []);
      for (const o of frontier) {
        for (const lemma of synsets.get(o)?.lemmas ?? [])
          if (!TOO_GENERAL.has(lemma) && !list.includes(lemma.replace(/_/g, ' ')))
            list.push(lemma.replace(/_/g, ' '));
        // The kind's own name, its first word: a lion is a "big cat" and a feline, never a "cat" (the
        // synset's second word), while a beagle is a dog.
        const head = synsets.get(o)?.lemmas[0]?.replace(/_/g, ' ');
        broader[hit.concept] ??= [];
        if (head && !TOO_GENERAL.has(head) && !broader[hit.concept]!.includes(head))
          broader[hit.concept]!.push(head);
      }
    }
  }
  for (const [phrase, concept] of Object.entries(english)) {
    if (inName(phrase, concept) || PREFERRED[phrase]) continue;
    // A keyword that is no English noun ("steaming", "frying") says how a thing is, not what it is.
    const offsets = senses.get(phrase.replace(/ /g, '_'));
    // A keyword that names the concept's kind stays ("sheep" for the ewe): a ewe is a sheep.
    if (kinds[concept]?.includes(phrase)) continue;
    if (!offsets || meaning(offsets) !== concept) delete english[phrase];
  }
  // Words used more as verbs than as nouns ("cook", "make") are not nouns of a compound.
  const verbs = new Set(
    [...readIndex(dir, 'verb')]
      .filter(([w, { tagged }]) => tagged > 0 && tagged >= (nounIndex.get(w)?.tagged ?? 0))
      .map(([w]) => w),
  );
  // A word mostly used as an adjective ("great", "busy", "double") is not read as its rarer noun.
  const adjectives = new Set(readIndex(dir, 'adj').keys());
  const out: Words = {};
  for (const [lemma, offsets] of senses) {
    const phrase = lemma.replace(/_/g, ' ');
    if (english[phrase] !== undefined || adjectives.has(lemma)) continue;
    const concept = meaning(offsets, phrase);
    if (concept !== undefined) out[phrase] = concept;
    // A one-word noun it cannot draw is still a noun: "brick wall" is a wall, whatever brick is.
    else if (/^[a-z]+$/.test(lemma) && !lemma.endsWith('ing') && !verbs.has(lemma)) nouns.push(lemma);
  }
  return out;
}

/** Relative height by a broader kind, for the picture library's concepts (nearest kind first). */
const KIND_SIZE: Record<string, number> = {
  building: 1.8,
  tower: 1.9,
  mill: 1.8,
  house: 1.6,
  ship: 1.7,
  vessel: 1.5,
  boat: 1.3,
  aircraft: 1.5,
  balloon: 1.5,
  'motor vehicle': 1.25,
  'wheeled vehicle': 1.1,
  vehicle: 1.2,
  tree: 1.8,
  furniture: 0.9,
  seat: 0.8,
  'musical instrument': 0.7,
  toy: 0.5,
  tool: 0.45,
  'kitchen utensil': 0.4,
  container: 0.4,
  clothing: 0.5,
  flower: 0.5,
  fruit: 0.35,
  vegetable: 0.35,
  dish: 0.4,
  beverage: 0.4,
  bird: 0.55,
  insect: 0.3,
  fish: 0.6,
  reptile: 0.7,
  mammal: 0.9,
  person: 1,
};

function conceptSize(concept: Concept, kinds: string[] = []): number {
  const name = normalise(concept.name);
  for (const [word, size] of Object.entries(NAME_SIZE))
    if (name === word || name.endsWith(` ${word}`) || name.startsWith(`${word} `)) return size;
  const size = SUBGROUP_SIZE[concept.subgroup];
  if (size !== undefined) return size;
  for (const kind of kinds) if (KIND_SIZE[kind] !== undefined) return KIND_SIZE[kind]!;
  return 0.7;
}

function main() {
  const root = join(CACHE, 'debian', 'root');
  const factsFile = join(CACHE, 'debian', 'packages.json');
  if (!existsSync(factsFile)) {
    const facts = extractDebianPackages(PACKAGES, join(CACHE, 'debian', 'debs'), root);
    writeFileSync(factsFile, JSON.stringify(facts, null, 2));
  }
  const packages = JSON.parse(readFileSync(factsFile, 'utf8')) as Record<string, { version: string }>;
  const vocabulary = JSON.parse(readFileSync(join(MODEL_DIR, 'vocabulary.json'), 'utf8')) as {
    concepts: { emoji: string; name: string }[];
  };
  const all = readEmojiTest(readFileSync(join(root, 'usr/share/unicode/emoji/emoji-test.txt'), 'utf8'));
  annotateConcepts(all, join(root, 'usr/share/unicode/cldr/common'));
  const byEmoji = new Map(all.map((concept) => [concept.emoji, concept]));
  // The model's own concept order: index i is the text encoder's and denoiser's concept i.
  const concepts = vocabulary.concepts.map(({ emoji }) => {
    const concept = byEmoji.get(emoji);
    if (!concept) throw new Error(`emoji-test.txt lacks the model's concept ${emoji}`);
    return concept;
  });
  // The picture library's concepts the model does not draw follow its own, in the library's order.
  const libraryFile = join(MODEL_DIR, 'pictures.json');
  const library = existsSync(libraryFile)
    ? (JSON.parse(readFileSync(libraryFile, 'utf8')) as {
        concepts: {
          name: string;
          emoji?: string;
          group: string;
          names: Concept['names'];
          keywords: Concept['keywords'];
        }[];
      })
    : { concepts: [] };
  const modelNames = new Set(concepts.map((concept) => normalise(concept.name)));
  const modelCount = concepts.length;
  for (const extra of library.concepts)
    if (!modelNames.has(normalise(extra.name)))
      concepts.push({
        emoji: extra.emoji ?? '',
        group: 'library',
        subgroup: extra.group,
        name: extra.name,
        names: extra.names,
        keywords: extra.keywords,
        pictures: [],
      });
  const words = buildWords(concepts);
  const kinds: Record<number, string[]> = {};
  const nouns: string[] = [];
  const broader: Record<number, string[]> = {};
  const wordnet = buildWordNetWords(
    concepts,
    words.en!,
    join(root, 'usr/share/wordnet'),
    kinds,
    nouns,
    broader,
  );
  // A flag is asked for as "the flag of Japan" or "a Japan flag" as often as by CLDR's "flag: Japan"
  // (after WordNet's check of English keywords, which knows no such phrase).
  concepts.forEach((concept, index) => {
    const country = /^flag: (.+)$/.exec(normalise(concept.names.en ?? ''))?.[1];
    if (!country || !concept.subgroup.endsWith('flag')) return;
    for (const phrase of [`flag of ${country}`, `${country} flag`]) words.en![phrase] ??= index;
  });

  const lexicon = {
    about:
      'Pictura Scenes lexicon: phrase → concept index of Pictura Emoji. Built by training/pictura-scenes/build-lexicon.ts from Unicode CLDR annotations (Unicode License) and WordNet 3.0 (WordNet 3.0 license, Princeton University: "WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved." Permission to use, copy, modify and distribute this software and database for any purpose and without fee or royalty is hereby granted, provided the copyright notice and these statements appear in all copies).',
    packages,
    sources: {
      'emoji-test.txt': hash(join(root, 'usr/share/unicode/emoji/emoji-test.txt')),
      'data.noun': hash(join(root, 'usr/share/wordnet/data.noun')),
    },
    concepts: concepts.map((concept, index) => ({
      group: concept.subgroup,
      size: conceptSize(concept, kinds[index]),
      kinds: kinds[index] ?? [],
      broader: broader[index] ?? [],
      ...(index >= modelCount
        ? { name: concept.name, ...(concept.emoji ? { emoji: concept.emoji } : {}) }
        : {}),
    })),
    words,
    wordnet,
    nouns: nouns.sort().join(' '),
  };
  writeFileSync(join(MODEL_DIR, 'scene-lexicon.json'), `${JSON.stringify(lexicon)}\n`);
  mkdirSync(WEB_NAMES, { recursive: true });
  for (const language of LANGUAGES) {
    const names: Record<string, string> = {};
    for (const concept of concepts) {
      const name = concept.names[language];
      if (name) names[normalise(concept.names.en ?? concept.name)] = name;
    }
    // The painter's props have no CLDR name: the language's own word for each, from its structure words.
    for (const prop of PROPS) {
      const word = Object.entries(SCENE_WORDS[language].things).find(([, thing]) => thing === prop)?.[0];
      if (word && !names[prop]) names[prop] = word;
    }
    writeFileSync(join(WEB_NAMES, `${language}.json`), `${JSON.stringify(names)}\n`);
  }
  const counts = Object.fromEntries(Object.entries(words).map(([l, w]) => [l, Object.keys(w).length]));
  console.log(
    `${concepts.length} concepts; words per language`,
    counts,
    `WordNet nouns ${Object.keys(wordnet).length}`,
  );
}

if (process.argv[1] === new URL(import.meta.url).pathname) main();
