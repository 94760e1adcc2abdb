// The <head> of every route (spec 2 "Shell"): title, description, social cards, structured data, canonical
// and alternate-language links. Pure: the same function feeds the browser (RouteMeta) and the build-time
// pre-renderer (web/scripts/prerender.ts), so crawlers and the live page always agree.
import { PAID_PLANS, type PaidPlan, PRICES_CENTS } from '@pictura/common/plan-catalog';
import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from '../i18n/locale.ts';

export interface PageTexts {
  title: string;
  description: string;
}

export interface SeoTexts {
  imageAlt: string;
  organizationDescription: string;
  pages: Record<SeoPage, PageTexts>;
  offers: Record<PlanName, string>;
  faq: { question: string; answer: string }[];
}

/** Routes with their own texts; everything else gets `default` and is kept out of search results. */
export const SEO_ROUTES = {
  home: '/',
  features: '/features',
  examples: '/examples',
  faq: '/faq',
  pricing: '/pricing',
  privacy: '/privacy',
  terms: '/terms',
  upscaler: '/upscaler',
  community: '/community',
} as const;

export type SeoRoute = keyof typeof SEO_ROUTES;
export type SeoPage = SeoRoute | 'default';

/** The public marketing routes, pre-rendered to static HTML for every locale and listed in the sitemap. */
export const PRERENDERED_ROUTES: readonly SeoRoute[] = [
  'home',
  'features',
  'examples',
  'faq',
  'pricing',
  'privacy',
  'terms',
  'upscaler',
];

type PlanName = 'free' | PaidPlan;

/**
 * Monthly prices in USD (spec 9), from the plan catalogue: structured data shows a free price of 0 and the top
 * monthly price over the plans one can buy (Enterprise is by contact, so it has no offer).
 */
export const PLAN_PRICES_USD: Record<PlanName, number> = {
  free: 0,
  ...(Object.fromEntries(PAID_PLANS.map((plan) => [plan, PRICES_CENTS[plan].monthly / 100])) as Record<
    PaidPlan,
    number
  >),
};

/** Open Graph wants language_TERRITORY. */
export const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  'zh-CN': 'zh_CN',
  'zh-TW': 'zh_TW',
  ja: 'ja_JP',
  ko: 'ko_KR',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  it: 'it_IT',
  pt: 'pt_BR',
  ru: 'ru_RU',
  ar: 'ar_AR',
  id: 'id_ID',
  ms: 'ms_MY',
  th: 'th_TH',
  vi: 'vi_VN',
};

export const SITE_NAME = 'Pictura';
/** 1200×630, the size social networks crop to. */
export const SOCIAL_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
export const LOGO_PATH = '/icons/icon-512.png';

export type HeadTag =
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };

export interface RouteHead {
  /** Null where the page names itself (a blog post, the about page): its own title stays. */
  title: string | null;
  tags: HeadTag[];
}

/**
 * First path segments (after the locale) of personal, admin, payment and sign-in pages: kept out of search
 * results. Other pages without texts of their own (about, blog, a post) stay indexable.
 */
export const NOINDEX_SECTIONS: ReadonlySet<string> = new Set([
  'history',
  'settings',
  'user',
  'chat',
  'admin',
  'payment',
  'subscription',
  'auth',
  'oauth-callback',
  'login',
  'register',
]);

/** Marks every tag this module manages, so a later route can replace them all. */
export const MANAGED_ATTRIBUTE = 'data-route-meta';

/** The route of a path: its locale prefix removed, trailing slash ignored; null for any other page. */
export function seoRouteOf(pathname: string): SeoRoute | null {
  const segments = pathname.split('/').filter(Boolean);
  const rest = `/${segments.slice(1).join('/')}`;
  const match = (Object.entries(SEO_ROUTES) as [SeoRoute, string][]).find(([, path]) => path === rest);
  return match ? match[0] : null;
}

export function routeUrl(origin: string, locale: Locale, route: SeoRoute): string {
  return `${origin.replace(/\/+$/, '')}/${locale}${SEO_ROUTES[route]}`;
}

function offerCatalog(texts: SeoTexts, url: string) {
  const plans = Object.entries(PLAN_PRICES_USD) as [PlanName, number][];
  const prices = plans.map(([, price]) => price);
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'USD',
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    offerCount: plans.length,
    offers: plans.map(([plan, price]) => ({
      '@type': 'Offer',
      name: texts.offers[plan],
      price,
      priceCurrency: 'USD',
      url,
      availability: 'https://schema.org/InStock',
    })),
  };
}

function structuredData(input: {
  route: SeoRoute;
  locale: Locale;
  origin: string;
  url: string;
  texts: SeoTexts;
}): object {
  const { route, locale, origin, url, texts } = input;
  const page = texts.pages[route];
  const home = routeUrl(origin, locale, 'home');
  const organization = {
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}${LOGO_PATH}`,
    description: texts.organizationDescription,
  };
  const website = {
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: SITE_NAME,
    url: home,
    inLanguage: locale,
    publisher: { '@id': organization['@id'] },
  };
  const application = {
    '@type': 'WebApplication',
    name: SITE_NAME,
    url,
    description: page.description,
    applicationCategory: 'DesignApplication',
    operatingSystem: 'Web',
    inLanguage: locale,
    offers: offerCatalog(texts, routeUrl(origin, locale, 'pricing')),
  };
  const webPage = {
    '@type': 'WebPage',
    name: page.title,
    description: page.description,
    url,
    inLanguage: locale,
    isPartOf: { '@id': website['@id'] },
  };
  const graph: object[] = [];
  if (route === 'home') graph.push(organization, website, application);
  else if (route === 'pricing') graph.push(webPage, application);
  else if (route === 'faq')
    graph.push({
      '@type': 'FAQPage',
      name: page.title,
      url,
      inLanguage: locale,
      mainEntity: texts.faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    });
  else graph.push(webPage);
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

export function routeHead(input: {
  pathname: string;
  locale: Locale;
  origin: string;
  texts: SeoTexts;
}): RouteHead {
  const { locale, texts } = input;
  const origin = input.origin.replace(/\/+$/, '');
  const route = seoRouteOf(input.pathname);
  const page = texts.pages[route ?? 'default'];
  const tags: HeadTag[] = [{ tag: 'meta', attrs: { name: 'description', content: page.description } }];
  if (!route) {
    const section = input.pathname.split('/').filter(Boolean)[1] ?? '';
    if (NOINDEX_SECTIONS.has(section))
      tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
    return { title: null, tags };
  }

  const url = routeUrl(origin, locale, route);
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  tags.push(
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    ...SUPPORTED_LOCALES.map(
      (alternate): HeadTag => ({
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: alternate, href: routeUrl(origin, alternate, route) },
      }),
    ),
    {
      tag: 'link',
      attrs: { rel: 'alternate', hreflang: 'x-default', href: routeUrl(origin, DEFAULT_LOCALE, route) },
    },
    { tag: 'meta', attrs: { property: 'og:type', content: 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attrs: { property: 'og:title', content: page.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: page.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: String(SOCIAL_IMAGE.width) } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: String(SOCIAL_IMAGE.height) } },
    { tag: 'meta', attrs: { property: 'og:image:alt', content: texts.imageAlt } },
    { tag: 'meta', attrs: { property: 'og:locale', content: OG_LOCALES[locale] } },
    ...SUPPORTED_LOCALES.filter((other) => other !== locale).map(
      (other): HeadTag => ({
        tag: 'meta',
        attrs: { property: 'og:locale:alternate', content: OG_LOCALES[other] },
      }),
    ),
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: page.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: page.description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
    { tag: 'meta', attrs: { name: 'twitter:image:alt', content: texts.imageAlt } },
    {
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: scriptJson(structuredData({ route, locale, origin, url, texts })),
    },
  );
  return { title: page.title, tags };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The head as HTML, for the static pages written at build time. */
export function renderHeadHtml(head: RouteHead): string {
  const lines = head.title === null ? [] : [`<title>${escapeHtml(head.title)}</title>`];
  for (const tag of head.tags) {
    const attrs = Object.entries(tag.attrs)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    const open = `<${tag.tag}${attrs} ${MANAGED_ATTRIBUTE}="">`;
    lines.push(tag.tag === 'script' ? `${open}${tag.text}</script>` : open);
  }
  return lines.join('\n    ');
}
