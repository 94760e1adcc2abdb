// sitemap.xml and robots.txt: every locale's marketing routes, each with its alternate-language links.
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '../src/i18n/locale.ts';
import { PRERENDERED_ROUTES, routeUrl } from '../src/seo/route-head.ts';

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function sitemapXml(origin: string): string {
  const entries: string[] = [];
  for (const route of PRERENDERED_ROUTES) {
    const alternates = [
      ...SUPPORTED_LOCALES.map((locale) => [locale, routeUrl(origin, locale, route)] as const),
      ['x-default', routeUrl(origin, DEFAULT_LOCALE, route)] as const,
    ]
      .map(
        ([hreflang, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      )
      .join('\n');
    for (const locale of SUPPORTED_LOCALES) {
      entries.push(
        `  <url>\n    <loc>${escapeXml(routeUrl(origin, locale, route))}</loc>\n${alternates}\n  </url>`,
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** web/public/robots.txt plus the sitemap's absolute address, which only the build knows. */
export function robotsTxt(rules: string, origin: string): string {
  return `${rules.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
