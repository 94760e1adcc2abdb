import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../i18n/locale.ts';
import { type HeadTag, renderHeadHtml, routeHead, type SeoTexts, seoRouteOf } from './route-head.ts';
import ar from './texts/ar.json';
import en from './texts/en.json';

const origin = 'https://pictura.example';

function attr(tags: HeadTag[], match: Record<string, string>, name: string): string | undefined {
  const tag = tags.find((t) => Object.entries(match).every(([k, v]) => t.attrs[k] === v));
  return tag?.attrs[name];
}

function jsonLd(tags: HeadTag[]): { '@graph': Record<string, unknown>[] } {
  const script = tags.find((t) => t.tag === 'script');
  if (script?.tag !== 'script') throw new Error('no structured data');
  return JSON.parse(script.text);
}

describe('routeHead', () => {
  it('maps paths to routes, with or without a trailing slash', () => {
    expect(seoRouteOf('/en/')).toBe('home');
    expect(seoRouteOf('/en')).toBe('home');
    expect(seoRouteOf('/ja/faq/')).toBe('faq');
    expect(seoRouteOf('/ar/pricing')).toBe('pricing');
    expect(seoRouteOf('/en/history')).toBeNull();
    expect(seoRouteOf('/en/community/post/4')).toBeNull();
  });

  it('gives a page its title, description, canonical and one alternate per locale plus x-default', () => {
    const head = routeHead({
      pathname: '/ja/faq',
      locale: 'ja',
      origin: `${origin}/`,
      texts: en as SeoTexts,
    });
    expect(head.title).toBe(en.pages.faq.title);
    expect(attr(head.tags, { name: 'description' }, 'content')).toBe(en.pages.faq.description);
    expect(attr(head.tags, { rel: 'canonical' }, 'href')).toBe(`${origin}/ja/faq`);
    const alternates = head.tags.filter((t) => t.attrs.rel === 'alternate');
    expect(alternates.map((t) => t.attrs.hreflang)).toEqual([...SUPPORTED_LOCALES, 'x-default']);
    expect(attr(head.tags, { hreflang: 'zh-TW' }, 'href')).toBe(`${origin}/zh-TW/faq`);
    expect(attr(head.tags, { hreflang: 'x-default' }, 'href')).toBe(`${origin}/en/faq`);
    expect(head.tags.some((t) => t.attrs.name === 'robots')).toBe(false);
  });

  it('fills the social cards with the page texts, an absolute image and the Open Graph locale', () => {
    const head = routeHead({ pathname: '/ar/', locale: 'ar', origin, texts: ar as SeoTexts });
    expect(attr(head.tags, { property: 'og:title' }, 'content')).toBe(ar.pages.home.title);
    expect(attr(head.tags, { property: 'og:url' }, 'content')).toBe(`${origin}/ar/`);
    expect(attr(head.tags, { property: 'og:image' }, 'content')).toBe(`${origin}/og-image.png`);
    expect(attr(head.tags, { property: 'og:locale' }, 'content')).toBe('ar_AR');
    expect(head.tags.filter((t) => t.attrs.property === 'og:locale:alternate')).toHaveLength(15);
    expect(attr(head.tags, { name: 'twitter:card' }, 'content')).toBe('summary_large_image');
    expect(attr(head.tags, { name: 'twitter:description' }, 'content')).toBe(ar.pages.home.description);
  });

  it.each(['/en/', '/en/pricing'])('lists 3 offers from 0 to 24 USD on %s', (pathname) => {
    const graph = jsonLd(routeHead({ pathname, locale: 'en', origin, texts: en as SeoTexts }).tags)['@graph'];
    const app = graph.find((node) => node['@type'] === 'WebApplication') as {
      offers: {
        lowPrice: number;
        highPrice: number;
        offerCount: number;
        priceCurrency: string;
        offers: { price: number; name: string }[];
      };
    };
    expect(app.offers).toMatchObject({ lowPrice: 0, highPrice: 24, offerCount: 3, priceCurrency: 'USD' });
    expect(app.offers.offers.map((o) => [o.name, o.price])).toEqual([
      ['Free', 0],
      ['Premium', 12],
      ['Ultimate', 24],
    ]);
  });

  it('describes the organisation and the website on the home page', () => {
    const graph = jsonLd(routeHead({ pathname: '/en/', locale: 'en', origin, texts: en as SeoTexts }).tags)[
      '@graph'
    ];
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'WebApplication']);
    expect(graph[0]).toMatchObject({
      name: 'Pictura',
      url: `${origin}/`,
      logo: `${origin}/icons/icon-512.png`,
    });
  });

  it('answers the FAQ as structured data on /faq', () => {
    const graph = jsonLd(
      routeHead({ pathname: '/en/faq', locale: 'en', origin, texts: en as SeoTexts }).tags,
    )['@graph'];
    expect(graph[0]!['@type']).toBe('FAQPage');
    const questions = graph[0]!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.map((q) => q.name)).toEqual(en.faq.map((item) => item.question));
    expect(questions[0]!.acceptedAnswer.text).toBe(en.faq[0]!.answer);
  });

  it('keeps personal, payment and sign-in pages out of search results, without canonical or cards', () => {
    for (const pathname of [
      '/en/history',
      '/en/settings',
      '/en/admin/users',
      '/en/payment/success',
      '/en/login',
    ]) {
      const head = routeHead({ pathname, locale: 'en', origin, texts: en as SeoTexts });
      expect(head.title).toBeNull();
      expect(attr(head.tags, { name: 'description' }, 'content')).toBe(en.pages.default.description);
      expect(attr(head.tags, { name: 'robots' }, 'content')).toBe('noindex');
      expect(head.tags.some((t) => t.attrs.rel === 'canonical' || t.tag === 'script')).toBe(false);
    }
  });

  it('leaves other pages indexable under their own title (about, a blog post)', () => {
    for (const pathname of ['/en/about', '/en/blog/first-post', '/en/community/post/7']) {
      const head = routeHead({ pathname, locale: 'en', origin, texts: en as SeoTexts });
      expect(head.title).toBeNull();
      expect(head.tags.map((t) => t.attrs.name ?? t.attrs.rel)).toEqual(['description']);
    }
  });

  it('renders to HTML that no text can break out of', () => {
    const texts = structuredClone(en) as SeoTexts;
    texts.pages.terms.title = 'A "quoted" <b>title</b> & more';
    texts.pages.terms.description = '</script><script>alert(1)</script>';
    const html = renderHeadHtml(routeHead({ pathname: '/en/terms', locale: 'en', origin, texts }));
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more</title>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/terms" data-route-meta="">`);
  });
});
