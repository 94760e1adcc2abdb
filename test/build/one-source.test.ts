// Product rules live in one module each, and everything else imports them: the generation options
// (services/common/src/generation-options.ts), the plan catalogue (plan-catalog.ts) and the test card
// (test-card.ts). This scan fails when a copy of one of them is written out by hand again in the services,
// the web app or the tests. It looks for the shapes a copy takes (a literal list of option or plan names, a
// price beside a plan or period, the card's digits), not for single words, so prose and one value compared
// against stay free.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ASPECT_RATIO_NAMES, COLORS, LIGHTINGS, STYLES } from '@pictura/common/generation-options';
import { LEGACY_PLAN_LABELS, PLANS, PRICES_CENTS } from '@pictura/common/plan-catalog';
import { TEST_CARD_DIGITS } from '@pictura/common/test-card';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

/** The sources of the rules themselves, and code generated from the protos. */
const SOURCES = new Set([
  'services/common/src/generation-options.ts',
  'services/common/src/plan-catalog.ts',
  'services/common/src/test-card.ts',
]);
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'gen', '.cache']);

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, directory), { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) files.push(...sourceFiles(path));
    } else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !SOURCES.has(path) && path !== THIS_FILE) {
      files.push(path);
    }
  }
  return files;
}

const SCANNED = [
  ...readdirSync(join(ROOT, 'services')).map((service) => `services/${service}/src`),
  'web/src',
  'test',
].flatMap(sourceFiles);
/** Tests may state a rule's values as what they expect (a price, a style); only the card is never retyped. */
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');

interface Copy {
  path: string;
  line: number;
  what: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The quoted names inside each array literal and each union type: `['anime', 'cartoon', …]`. */
function literalLists(text: string): { index: number; names: string[] }[] {
  const found: { index: number; names: string[] }[] = [];
  const quoted = (chunk: string) => [...chunk.matchAll(/['"]([a-z0-9_]+)['"]/g)].map((match) => match[1]!);
  for (const match of text.matchAll(/\[([^[\]]*)\]/g))
    found.push({ index: match.index, names: quoted(match[1]!) });
  for (const match of text.matchAll(/['"][a-z0-9_]+['"](?:\s*\|\s*['"][a-z0-9_]+['"])+/g)) {
    found.push({ index: match.index, names: quoted(match[0]) });
  }
  return found;
}

const NAMED_LISTS: [string, readonly string[]][] = [
  ['style names (STYLES)', STYLES.filter((name) => name !== 'none')],
  ['colour names (COLORS)', COLORS.filter((name) => name !== 'none')],
  ['lighting names (LIGHTINGS)', LIGHTINGS.filter((name) => name !== 'none')],
  ['aspect ratio names (ASPECT_RATIOS)', ASPECT_RATIO_NAMES],
  ['plan names (PLANS)', PLANS],
];

/** Every price of the catalogue, in cents and in whole dollars. */
const PRICES = new Set(
  Object.values(PRICES_CENTS).flatMap((prices) =>
    Object.values(prices).flatMap((cents) => [cents, cents / 100]),
  ),
);
const PRICED_KEY = /\b(?:premium|ultimate|monthly|yearly|amount_?cents|price)['"]?\s*:\s*(\d[\d_]*)\b/gi;
const LEGACY_LABEL = new RegExp(
  `\\b(?:${Object.keys(LEGACY_PLAN_LABELS).join('|')})['"]?\\s*:\\s*['"](?:${PLANS.join('|')})['"]`,
  'g',
);
const CARD = new RegExp(TEST_CARD_DIGITS.match(/\d{4}/g)!.join('[\\s+-]?'), 'g');
const SEED_RANGE = /seed[^\n]{0,80}?(?:4_?294_?967_?295|0xffffffff)/gi;

/** The copies of a rule in one file's text. */
function copiesIn(path: string, text: string): Copy[] {
  const copies: Copy[] = [];
  const add = (index: number, what: string) => copies.push({ path, line: lineOf(text, index), what });
  for (const match of text.matchAll(CARD))
    add(match.index, 'the test card number (import @pictura/common/test-card)');
  if (isTest(path)) return copies;
  for (const { index, names } of literalLists(text)) {
    for (const [what, list] of NAMED_LISTS) {
      // A copy holds nothing else (a model's own inputs or a gallery's entries mix in other words).
      const listed = new Set(names.filter((name) => list.includes(name)));
      const onlyThese = names.every((name) => listed.has(name) || name === 'none');
      if (listed.size >= 3 && onlyThese) add(index, `a list of ${what}: ${[...listed].join(', ')}`);
    }
  }
  for (const match of text.matchAll(PRICED_KEY)) {
    if (PRICES.has(Number(match[1]!.replace(/_/g, '')))) add(match.index, `a plan price: ${match[0]}`);
  }
  for (const match of text.matchAll(LEGACY_LABEL)) add(match.index, `an old plan label: ${match[0]}`);
  for (const match of text.matchAll(SEED_RANGE)) add(match.index, `the seed range: ${match[0]} (SEED_MAX)`);
  return copies;
}

describe('one source per product rule', () => {
  it('finds no copy of the generation options, the plan catalogue or the test card', () => {
    const copies = SCANNED.flatMap((path) => copiesIn(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(copies.map(({ path, line, what }) => `${path}:${line}: ${what}`)).toEqual([]);
  });

  it('scans the services, the web app and the tests, and not the rule modules or generated code', () => {
    expect(SCANNED).toContain('services/gateway/src/routes/generate.schemas.ts');
    expect(SCANNED).toContain('web/src/pages/pricing/plan-catalog.ts');
    expect(SCANNED).toContain('test/e2e/payments.browser.test.ts');
    expect(SCANNED.filter((path) => SOURCES.has(path) || path.includes('/gen/'))).toEqual([]);
  });

  it('recognises the shapes a copy takes', () => {
    const source = (text: string) => copiesIn('web/src/pages/example.ts', text).map(({ what }) => what);
    expect(source("const card = '4242 4242 4242 4242';")).toHaveLength(1);
    expect(source("payload: 'card_number=4242+4242+4242+4242'")).toHaveLength(1);
    expect(source("const STYLES = ['anime', 'pixel_art', 'cartoon'] as const;")).toEqual([
      'a list of style names (STYLES): anime, pixel_art, cartoon',
    ]);
    expect(source("type Plan = 'free' | 'premium' | 'ultimate';")).toHaveLength(1);
    expect(source("{ billing_period: 'monthly', amount_cents: 1200 }")).toHaveLength(1);
    expect(source('const PRICES = { free: 0, premium: 12, ultimate: 24 };')).toHaveLength(2);
    expect(source("const OLD = { starter: 'premium' };")).toHaveLength(1);
    expect(source("const INPUTS = ['warm', 'cold', 'black_and_white', 'neon'] as const;")).toEqual([]);
    expect(source('const MAX_SEED = 4_294_967_295;')).toHaveLength(1);
    expect(source('if (seed > 0xffffffff) throw new RangeError();')).toHaveLength(1);
    expect(source('const userId = { minimum: 0, maximum: 4294967295 };')).toEqual([]);
    // What stays free: one value compared against, prose, a test's expectation.
    expect(source("if (plan === 'premium' || style !== 'anime') return;")).toEqual([]);
    expect(source('// Premium costs $12 a month: 1200 cents.')).toEqual([]);
    expect(
      copiesIn('web/src/pages/pricing-model.test.ts', 'expect(cents).toEqual({ monthly: 1200 });'),
    ).toEqual([]);
  });
});
