// Pictura Emoji's training data, read from Debian's packages (all open licences, named in the model card):
// - fonts-noto-color-emoji: NotoColorEmoji.ttf (SIL Open Font License 1.1), the pictures;
// - unicode-data: emoji-test.txt (Unicode License), every emoji and sequence with its English name;
// - unicode-cldr-core: CLDR annotations (Unicode License), names ("tts") and keywords in each language.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@pictura/common/locales';
import { extractDebianPackages } from '../../scripts/lib/debian-packages.mjs';

export const DEBIAN_PACKAGES = ['fonts-noto-color-emoji', 'unicode-data', 'unicode-cldr-core'];

/** The product's 16 languages → their CLDR annotation file. */
export const CLDR_LANGUAGES = {
  en: 'en',
  'zh-CN': 'zh',
  'zh-TW': 'zh_Hant',
  ja: 'ja',
  ko: 'ko',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  ru: 'ru',
  ar: 'ar',
  id: 'id',
  ms: 'ms',
  th: 'th',
  vi: 'vi',
} as const satisfies Record<Locale, string>;
export type Language = keyof typeof CLDR_LANGUAGES;
export const LANGUAGES = Object.keys(CLDR_LANGUAGES) as Language[];

/**
 * Groups the model learns. Flags (269 near-identical rectangles) and Symbols (signs, arrows, keycaps) are
 * left out: on a CPU budget their capacity is better spent on things people ask to see.
 */
export const GROUPS = [
  'Smileys & Emotion',
  'People & Body',
  'Animals & Nature',
  'Food & Drink',
  'Travel & Places',
  'Activities',
  'Objects',
];

export interface SourceFiles {
  font: string;
  emojiTest: string;
  cldr: string;
  packages: Record<string, { version: string; sha256: string }>;
}

export function fetchSources(cacheDir: string): SourceFiles {
  const root = join(cacheDir, 'debian', 'root');
  const factsFile = join(cacheDir, 'debian', 'packages.json');
  if (!existsSync(factsFile)) {
    const facts = extractDebianPackages(DEBIAN_PACKAGES, join(cacheDir, 'debian', 'debs'), root);
    // Written last: its presence means every package was unpacked.
    writeFileSync(factsFile, JSON.stringify(facts, null, 2));
  }
  return {
    font: join(root, 'usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'),
    emojiTest: join(root, 'usr/share/unicode/emoji/emoji-test.txt'),
    cldr: join(root, 'usr/share/unicode/cldr/common'),
    packages: JSON.parse(readFileSync(factsFile, 'utf8')),
  };
}

/** One emoji as the font draws it: a sequence (skin tones included) and its English name. */
export interface EmojiPicture {
  sequence: string;
  name: string;
}

/** What the model learns to draw: an emoji without skin tone, with its names and keywords per language. */
export interface Concept {
  /** The sequence without skin-tone modifiers, fully qualified. */
  emoji: string;
  group: string;
  subgroup: string;
  /** emoji-test.txt's English name, e.g. "fox", "woman artist". */
  name: string;
  names: Partial<Record<Language, string>>;
  keywords: Partial<Record<Language, string[]>>;
  /** The sequence itself and its skin-tone variants. */
  pictures: EmojiPicture[];
}

const SKIN_TONE = /[\u{1F3FB}-\u{1F3FF}]/gu;
const VARIATION_SELECTOR = /\uFE0F/g;

/** Fully-qualified emoji of the chosen groups, skin-tone variants folded into their base emoji. */
export function readEmojiTest(text: string, groups: readonly string[] = GROUPS): Concept[] {
  const concepts = new Map<string, Concept>();
  let group = '';
  let subgroup = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('# group:')) group = line.slice(8).trim();
    else if (line.startsWith('# subgroup:')) subgroup = line.slice(11).trim();
    if (!line.trim() || line.startsWith('#') || !groups.includes(group)) continue;
    const match = /^([0-9A-F ]+);\s*fully-qualified\s*#\s*(\S+)\s+E[\d.]+\s+(.+)$/u.exec(line);
    if (!match) continue;
    const sequence = String.fromCodePoint(
      ...match[1]!
        .trim()
        .split(/\s+/)
        .map((h) => Number.parseInt(h, 16)),
    );
    const name = match[3]!.trim();
    const base = sequence.replace(SKIN_TONE, '');
    const concept = concepts.get(base);
    if (concept) concept.pictures.push({ sequence, name });
    else if (base === sequence)
      concepts.set(base, {
        emoji: base,
        group,
        subgroup,
        name,
        names: {},
        keywords: {},
        pictures: [{ sequence, name }],
      });
  }
  return [...concepts.values()];
}

const ANNOTATION = /<annotation cp="([^"]+)"( type="tts")?>([^<]*)<\/annotation>/g;

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** CLDR names and keywords per language (annotations and derived annotations), keyed without U+FE0F. */
export function readAnnotations(xmlFiles: string[]): Map<string, { name?: string; keywords: string[] }> {
  const byEmoji = new Map<string, { name?: string; keywords: string[] }>();
  for (const xml of xmlFiles) {
    for (const [, cp, tts, value] of xml.matchAll(ANNOTATION)) {
      const key = unescapeXml(cp!).replace(VARIATION_SELECTOR, '');
      const entry = byEmoji.get(key) ?? { keywords: [] };
      const text = unescapeXml(value!).trim();
      if (tts) entry.name = text;
      else
        entry.keywords.push(
          ...text
            .split('|')
            .map((k) => k.trim())
            .filter(Boolean),
        );
      byEmoji.set(key, entry);
    }
  }
  return byEmoji;
}

/** Fills each concept's names and keywords from CLDR; English also keeps emoji-test's name. */
export function annotateConcepts(concepts: Concept[], cldrDir: string): void {
  for (const language of LANGUAGES) {
    const file = CLDR_LANGUAGES[language];
    const xml = ['annotations', 'annotationsDerived']
      .map((dir) => join(cldrDir, dir, `${file}.xml`))
      .filter(existsSync)
      .map((path) => readFileSync(path, 'utf8'));
    const annotations = readAnnotations(xml);
    for (const concept of concepts) {
      const entry = annotations.get(concept.emoji.replace(VARIATION_SELECTOR, ''));
      if (entry?.name) concept.names[language] = entry.name;
      if (entry?.keywords.length) concept.keywords[language] = [...new Set(entry.keywords)];
    }
  }
  for (const concept of concepts) concept.names.en ??= concept.name;
}
