import { ASPECT_RATIOS, COLORS, LIGHTINGS, STYLES } from '@pictura/common/generation-options';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from './locale.ts';

type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./locales/*.json', { eager: true, import: 'default' });
const byLocale = new Map(
  Object.entries(files).map(([path, messages]) => [
    path.replace('./locales/', '').replace('.json', ''),
    messages,
  ]),
);

/** The signed-in areas' namespaces: `locales/<namespace>/<locale>.json`. */
const namespaceFiles = import.meta.glob<Messages>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});
const namespaces = new Map<string, Map<string, Messages>>();
for (const [path, messages] of Object.entries(namespaceFiles)) {
  const [namespace, file] = path.replace('./locales/', '').split('/') as [string, string];
  if (!namespaces.has(namespace)) namespaces.set(namespace, new Map());
  namespaces.get(namespace)!.set(file.replace('.json', ''), messages);
}
function flatten(messages: Messages, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object') {
      for (const [nested, leaf] of flatten(value, `${path}.`)) out.set(nested, leaf);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]).sort();
}

const english = flatten(byLocale.get('en')!);
const otherLocales = SUPPORTED_LOCALES.filter((locale) => locale !== 'en');

describe('locale files', () => {
  it('exist for exactly the 16 supported locales', () => {
    expect([...byLocale.keys()].sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('English has only non-empty strings', () => {
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  describe.each(otherLocales)('%s', (locale) => {
    const messages = flatten(byLocale.get(locale)!);

    it('has no missing keys', () => {
      const missing = [...english.keys()].filter((key) => !messages.has(key));
      expect(missing).toEqual([]);
    });

    it('has no extra keys', () => {
      const extra = [...messages.keys()].filter((key) => !english.has(key));
      expect(extra).toEqual([]);
    });

    it('has non-empty strings with the same placeholders as English', () => {
      for (const [key, value] of messages) {
        if (!english.has(key)) continue; // reported by "has no extra keys"
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        expect(placeholders(value as string), key).toEqual(placeholders(english.get(key) as string));
      }
    });

    it('is translated, not a copy of English', () => {
      // Brand names and loanwords (Anime, Cyberpunk, Pictura) may match; whole sentences must not.
      const same = [...messages].filter(([key, value]) => value === english.get(key));
      expect(same.length / english.size).toBeLessThan(0.2);
      for (const key of ['generator.promptRequired', 'status.flagged', 'status.slowTitle', 'home.heading']) {
        expect(messages.get(key), key).not.toBe(english.get(key));
      }
    });
  });

  it('label every generator option of the shared contract', () => {
    const expected = [
      ...Object.keys(ASPECT_RATIOS).map((key) => `options.aspectRatio.${key}`),
      ...STYLES.map((key) => `options.style.${key}`),
      ...COLORS.map((key) => `options.color.${key}`),
      ...LIGHTINGS.map((key) => `options.lighting.${key}`),
    ];
    const missing = expected.filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });
});

describe.each([...namespaces.keys()])('namespace %s', (namespace) => {
  const locales = namespaces.get(namespace)!;
  const englishMessages = flatten(locales.get('en') ?? {});

  it('exists for exactly the 16 supported locales', () => {
    expect([...locales.keys()].sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('English has only non-empty strings', () => {
    expect(englishMessages.size).toBeGreaterThan(0);
    for (const [key, value] of englishMessages) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(otherLocales)('%s has the same keys and placeholders as English, translated', (locale) => {
    const messages = flatten(locales.get(locale) ?? {});
    expect(
      [...englishMessages.keys()].filter((key) => !messages.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...messages.keys()].filter((key) => !englishMessages.has(key)),
      'extra',
    ).toEqual([]);
    for (const [key, value] of messages) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
      expect(placeholders(value as string), key).toEqual(placeholders(englishMessages.get(key) as string));
    }
    const same = [...messages].filter(([key, value]) => value === englishMessages.get(key));
    expect(same.length / englishMessages.size).toBeLessThan(0.2);
  });
});
