import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../i18n/locale.ts';
import { SEO_ROUTES, type SeoTexts } from './route-head.ts';

const files = import.meta.glob<SeoTexts>('./texts/*.json', { eager: true, import: 'default' });
const byLocale = new Map(
  Object.entries(files).map(([path, texts]) => [path.replace('./texts/', '').replace('.json', ''), texts]),
);

/** Every leaf as path → value; array items are numbered, so a missing FAQ entry is a missing key. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, `${prefix}${key}.`)) out.set(path, leaf);
    }
  } else {
    out.set(prefix.slice(0, -1), value);
  }
  return out;
}

const english = flatten(byLocale.get('en'));

describe('search and sharing texts', () => {
  it('exist for exactly the 16 supported locales', () => {
    expect([...byLocale.keys()].sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('English covers every route with its own texts, and a default', () => {
    const pages = Object.keys(byLocale.get('en')!.pages).sort();
    expect(pages).toEqual([...Object.keys(SEO_ROUTES), 'default'].sort());
  });

  describe.each(SUPPORTED_LOCALES)('%s', (locale) => {
    const texts = flatten(byLocale.get(locale));

    it('has exactly the keys English has', () => {
      expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([]);
    });

    it('has only non-empty strings, descriptions short enough for a result snippet', () => {
      for (const [key, value] of texts) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        if (key.endsWith('.description')) expect((value as string).length, key).toBeLessThanOrEqual(200);
      }
    });

    it('is translated (no page text identical to English, brand names aside)', () => {
      if (locale === 'en') return;
      for (const [key, value] of texts) {
        if (key.startsWith('offers.')) continue;
        expect(value, key).not.toBe(english.get(key));
      }
    });
  });
});
