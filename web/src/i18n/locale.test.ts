import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  isLocale,
  localeRedirectTarget,
  localizedPath,
  matchBrowserLanguages,
  matchLocaleTag,
  pathLocale,
  preferredLocale,
  resolveLocale,
  SUPPORTED_LOCALES,
  switchLocalePath,
  textDirection,
} from './locale.ts';

describe('supported locales', () => {
  it('are the 16 locales of the spec, English by default', () => {
    expect(SUPPORTED_LOCALES).toEqual([
      'en',
      'zh-CN',
      'zh-TW',
      'ja',
      'ko',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'ru',
      'ar',
      'id',
      'ms',
      'th',
      'vi',
    ]);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('only Arabic is right-to-left', () => {
    const rtl = SUPPORTED_LOCALES.filter((locale) => textDirection(locale) === 'rtl');
    expect(rtl).toEqual(['ar']);
  });

  it('recognises locales exactly, case included', () => {
    expect(isLocale('zh-TW')).toBe(true);
    expect(isLocale('zh-tw')).toBe(false);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe('matchLocaleTag', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
    ['pt_PT', 'pt'],
    ['fr-CA', 'fr'],
    ['ar-EG', 'ar'],
    ['es-419', 'es'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-hk', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-CN', 'zh-TW'],
  ])('maps %s to %s', (tag, expected) => {
    expect(matchLocaleTag(tag)).toBe(expected);
  });

  it.each(['nl', 'nl-NL', 'xx', '', 'english'])('has no match for %j', (tag) => {
    expect(matchLocaleTag(tag)).toBeNull();
  });
});

describe('matchBrowserLanguages', () => {
  it('takes the first supported language in preference order', () => {
    expect(matchBrowserLanguages(['nl-NL', 'de-AT', 'en'])).toBe('de');
  });

  it('returns null when none is supported', () => {
    expect(matchBrowserLanguages(['nl', 'sv'])).toBeNull();
    expect(matchBrowserLanguages([])).toBeNull();
  });
});

describe('resolveLocale (first visit choice)', () => {
  it('uses the path prefix first', () => {
    expect(resolveLocale({ pathname: '/ja/pricing', storedLocale: 'fr', browserLanguages: ['de'] })).toBe(
      'ja',
    );
  });

  it('then the stored preference', () => {
    expect(resolveLocale({ pathname: '/pricing', storedLocale: 'fr', browserLanguages: ['de'] })).toBe('fr');
  });

  it('ignores an unsupported stored value and falls to the browser language', () => {
    expect(resolveLocale({ pathname: '/', storedLocale: 'klingon', browserLanguages: ['zh-HK'] })).toBe(
      'zh-TW',
    );
  });

  it('then the browser language, then English', () => {
    expect(resolveLocale({ pathname: '/', storedLocale: null, browserLanguages: ['pt-BR'] })).toBe('pt');
    expect(resolveLocale({ pathname: '/', storedLocale: null, browserLanguages: ['nl'] })).toBe('en');
  });

  it('does not treat a wrong-case prefix as the path locale', () => {
    expect(resolveLocale({ pathname: '/EN/faq', storedLocale: 'ko', browserLanguages: [] })).toBe('ko');
  });
});

describe('preferredLocale', () => {
  it('is stored, else browser, else en', () => {
    expect(preferredLocale('ar', ['ja'])).toBe('ar');
    expect(preferredLocale(null, ['ja'])).toBe('ja');
    expect(preferredLocale(undefined, [])).toBe('en');
  });
});

describe('pathLocale and localizedPath', () => {
  it('reads the prefix', () => {
    expect(pathLocale('/zh-TW/community')).toBe('zh-TW');
    expect(pathLocale('/ar')).toBe('ar');
    expect(pathLocale('/')).toBeNull();
    expect(pathLocale('/pricing')).toBeNull();
  });

  it('builds prefixed paths', () => {
    expect(localizedPath('de')).toBe('/de/');
    expect(localizedPath('de', '/pricing')).toBe('/de/pricing');
    expect(localizedPath('de', 'pricing')).toBe('/de/pricing');
  });
});

describe('localeRedirectTarget', () => {
  it('leaves prefixed paths alone', () => {
    expect(localeRedirectTarget({ pathname: '/en/' }, 'fr')).toBeNull();
    expect(localeRedirectTarget({ pathname: '/ar/history', search: '?a=1' }, 'fr')).toBeNull();
    expect(localeRedirectTarget({ pathname: '/ko' }, 'fr')).toBeNull();
  });

  it('sends the root to the preferred locale home', () => {
    expect(localeRedirectTarget({ pathname: '/' }, 'en')).toBe('/en/');
    expect(localeRedirectTarget({ pathname: '/' }, 'ar')).toBe('/ar/');
    expect(localeRedirectTarget({ pathname: '' }, 'en')).toBe('/en/');
  });

  it('prefixes a path without locale, keeping query and hash', () => {
    expect(
      localeRedirectTarget({ pathname: '/pricing', search: '?billing=yearly', hash: '#faq' }, 'ja'),
    ).toBe('/ja/pricing?billing=yearly#faq');
    expect(localeRedirectTarget({ pathname: '/community/post/42' }, 'en')).toBe('/en/community/post/42');
    expect(localeRedirectTarget({ pathname: '/upscaler', search: '?imageUrl=https%3A%2F%2Fx' }, 'en')).toBe(
      '/en/upscaler?imageUrl=https%3A%2F%2Fx',
    );
  });

  it('replaces an unsupported language prefix with the preferred locale', () => {
    expect(localeRedirectTarget({ pathname: '/xx/pricing', search: '?q=1', hash: '#top' }, 'fr')).toBe(
      '/fr/pricing?q=1#top',
    );
    expect(localeRedirectTarget({ pathname: '/nl' }, 'en')).toBe('/en/');
  });

  it('corrects case and region variants of a supported locale', () => {
    expect(localeRedirectTarget({ pathname: '/EN/faq' }, 'fr')).toBe('/en/faq');
    expect(localeRedirectTarget({ pathname: '/zh-tw/community' }, 'en')).toBe('/zh-TW/community');
    expect(localeRedirectTarget({ pathname: '/zh-HK/' }, 'en')).toBe('/zh-TW/');
    expect(localeRedirectTarget({ pathname: '/pt-BR/pricing' }, 'en')).toBe('/pt/pricing');
  });
});

describe('switchLocalePath', () => {
  it('swaps the prefix and keeps query and hash', () => {
    expect(
      switchLocalePath({ pathname: '/en/pricing', search: '?billing=yearly', hash: '#plans' }, 'ar'),
    ).toBe('/ar/pricing?billing=yearly#plans');
    expect(switchLocalePath({ pathname: '/zh-CN/', search: '', hash: '' }, 'zh-TW')).toBe('/zh-TW/');
    expect(switchLocalePath({ pathname: '/ja' }, 'ko')).toBe('/ko/');
  });

  it('adds a prefix when there is none', () => {
    expect(switchLocalePath({ pathname: '/pricing', hash: '#faq' }, 'de')).toBe('/de/pricing#faq');
    expect(switchLocalePath({ pathname: '/' }, 'es')).toBe('/es/');
  });

  it('does not mistake a route that starts like a locale for a prefix', () => {
    expect(switchLocalePath({ pathname: '/english/x' }, 'fr')).toBe('/fr/english/x');
  });
});
