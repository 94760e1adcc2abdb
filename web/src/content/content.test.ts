import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../i18n/locale.ts';
import type { SiteContent, TextSection } from './content-types.ts';

const files = import.meta.glob<SiteContent>('./texts/*.ts', { eager: true, import: 'default' });
const byLocale = new Map(
  Object.entries(files).map(([path, content]) => [path.replace('./texts/', '').replace('.ts', ''), content]),
);
const english = byLocale.get('en')!;

/** Every text of a locale's content, keyed by where it sits, so two locales can be compared. */
function texts(content: SiteContent): Map<string, string> {
  const out = new Map<string, string>();
  const sections = (prefix: string, list: TextSection[]) => {
    for (const section of list) {
      out.set(`${prefix}.${section.id}.heading`, section.heading);
      for (const [index, paragraph] of section.paragraphs.entries()) {
        out.set(`${prefix}.${section.id}.${index}`, paragraph);
      }
    }
  };
  for (const kind of ['privacy', 'terms', 'cookies'] as const) {
    out.set(`${kind}.title`, content[kind].title);
    out.set(`${kind}.intro`, content[kind].intro);
    sections(kind, content[kind].sections);
  }
  out.set('about.intro', content.about.intro);
  sections('about', content.about.sections);
  for (const post of content.blog) {
    out.set(`blog.${post.slug}.title`, post.title);
    out.set(`blog.${post.slug}.summary`, post.summary);
    for (const [index, paragraph] of post.paragraphs.entries())
      out.set(`blog.${post.slug}.${index}`, paragraph);
  }
  return out;
}

const englishTexts = texts(english);

describe('site content (legal texts, about, blog)', () => {
  it('exists for exactly the 16 supported locales', () => {
    expect([...byLocale.keys()].sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  describe.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const content = byLocale.get(locale)!;
    const localTexts = texts(content);

    it('has every section and paragraph English has, and no others', () => {
      expect([...localTexts.keys()]).toEqual([...englishTexts.keys()]);
      expect(content.blog.map((post) => post.minutes)).toEqual(english.blog.map((post) => post.minutes));
    });

    it('has non-empty, translated texts', () => {
      const same: string[] = [];
      for (const [key, value] of localTexts) {
        expect(value.trim(), key).not.toBe('');
        if (value === englishTexts.get(key)) same.push(key);
      }
      expect(same).toEqual([]);
    });
  });
});
