import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../i18n/locale.ts';
import { UPDATE_NOTICE_TEXTS } from './update-notice-texts.ts';

describe('update notice texts', () => {
  it('exist for exactly the 16 locales', () => {
    expect(Object.keys(UPDATE_NOTICE_TEXTS).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES)('%s has every key, non-empty, translated', (locale) => {
    const texts = UPDATE_NOTICE_TEXTS[locale];
    expect(Object.keys(texts).sort()).toEqual(Object.keys(UPDATE_NOTICE_TEXTS.en).sort());
    for (const [key, value] of Object.entries(texts)) {
      expect(value.trim(), key).not.toBe('');
      if (locale !== 'en') expect(value, key).not.toBe(UPDATE_NOTICE_TEXTS.en[key as keyof typeof texts]);
    }
  });
});
