import type { ImageScene } from '@pictura/common/scene';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../i18n/locales/ar.json';
import en from '../i18n/locales/en.json';
import ja from '../i18n/locales/ja.json';
import { type SceneWords, sceneLine } from './scene-text.ts';

const texts = i18next.createInstance();
await texts.init({
  resources: { en: { translation: en }, ar: { translation: ar }, ja: { translation: ja } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

function words(locale: 'en' | 'ar' | 'ja', names: Record<string, string> = {}): SceneWords {
  return { t: texts.getFixedT(locale), locale, names, rtl: locale === 'ar' };
}

function scene(extra: Partial<ImageScene>): ImageScene {
  return { subjects: [], relations: [], setting: [], style: [], unplaced_words: [], ...extra };
}

const cat = { name: 'cat', emoji: '🐈', count: 1 };
const couch = { name: 'couch', emoji: '🛋️', count: 1 };

describe('sceneLine', () => {
  it('says a relation by its template, then the setting', () => {
    const line = sceneLine(
      {
        scene: scene({
          subjects: [cat, couch],
          relations: [{ subject: 0, relation: 'on', object: 1 }],
          setting: ['sunset'],
        }),
      },
      words('en'),
    );
    expect(line).toEqual({ kind: 'drawn', text: 'Drew 🐈 cat on 🛋️ couch · sunset', unplaced: null });
  });

  it('gives a count above one as a number, and a place, time and weather each their own part', () => {
    const apples = scene({ subjects: [{ name: 'apple', emoji: '🍎', count: 3 }], setting: ['table'] });
    expect(sceneLine({ scene: apples }, words('en'))).toMatchObject({ text: 'Drew 3 🍎 apple · table' });
    const fox = scene({ subjects: [{ name: 'fox', emoji: '🦊', count: 1 }], setting: ['snow', 'night'] });
    expect(sceneLine({ scene: fox }, words('en'))).toMatchObject({ text: 'Drew 🦊 fox · snow · night' });
  });

  it('lists things without a relation as a list of the language, in the scene order', () => {
    const dog = { name: 'dog', emoji: '🐕', count: 1 };
    const hat = { name: 'hat', emoji: '🎩', count: 1 };
    const three = scene({
      subjects: [cat, dog, hat],
      relations: [{ subject: 1, relation: 'wearing', object: 2 }],
    });
    expect(sceneLine({ scene: three }, words('en'))).toMatchObject({
      text: 'Drew 🐈 cat and 🐕 dog wearing 🎩 hat',
    });
    // What a thing wears goes with it where it stands, so it is named once.
    const dressed = scene({
      subjects: [cat, couch, hat],
      relations: [
        { subject: 0, relation: 'on', object: 1 },
        { subject: 0, relation: 'wearing', object: 2 },
      ],
    });
    expect(sceneLine({ scene: dressed }, words('en'))).toMatchObject({
      text: 'Drew 🐈 cat wearing 🎩 hat on 🛋️ couch',
    });
    // A relation this version does not know leaves its things listed on their own.
    const unknown = scene({
      subjects: [cat, dog],
      relations: [{ subject: 0, relation: 'hugging' as 'on', object: 1 }],
    });
    expect(sceneLine({ scene: unknown }, words('en'))).toMatchObject({ text: 'Drew 🐈 cat and 🐕 dog' });
  });

  it('names the words it could not place on a second line', () => {
    const line = sceneLine(
      { scene: scene({ subjects: [cat], unplaced_words: ['shiba', 'zorp'] }) },
      words('en'),
    );
    expect(line).toEqual({ kind: 'drawn', text: 'Drew 🐈 cat', unplaced: 'Not drawn: shiba and zorp' });
  });

  it('says plainly when nothing in the prompt was known', () => {
    const nothing = scene({ unplaced_words: ['zzkx', 'qwv'] });
    expect(sceneLine({ scene: nothing }, words('en'))).toEqual({ kind: 'nothing' });
    expect(texts.getFixedT('en')('scene.nothingKnown')).toMatch(/Pictura Scenes/);
    // A setting alone is something drawn.
    expect(sceneLine({ scene: scene({ setting: ['beach'] }) }, words('en'))).toMatchObject({
      text: 'Drew beach',
    });
  });

  it('falls back to the one subject of older images, and says nothing for models that report neither', () => {
    expect(
      sceneLine({ scene: null, subject: { found: true, emoji: '🦊', name: 'fox' } }, words('en')),
    ).toEqual({
      kind: 'drawn',
      text: 'Drew 🦊 fox',
      unplaced: null,
    });
    expect(sceneLine({ subject: { found: false } }, words('en'))).toEqual({ kind: 'nothing' });
    expect(sceneLine({ scene: null, subject: null }, words('en'))).toBeNull();
  });

  it('reads in the reader’s language, with English for a concept name it lacks', () => {
    const line = sceneLine(
      {
        scene: scene({
          subjects: [cat, couch],
          relations: [{ subject: 0, relation: 'on', object: 1 }],
          setting: ['night'],
        }),
      },
      words('ja', { cat: '猫' }),
    );
    expect(line).toMatchObject({ text: '🛋️ couch の上の 🐈 猫 · 夜 を描きました' });
  });

  it('isolates English names and the prompt’s words in a right-to-left language', () => {
    const line = sceneLine(
      { scene: scene({ subjects: [cat], setting: ['night'], unplaced_words: ['shiba'] }) },
      words('ar', { cat: 'قطة' }),
    );
    expect(line).toEqual({ kind: 'drawn', text: 'رسم 🐈 قطة · ليل', unplaced: 'لم يُرسم: \u2068shiba\u2069' });
    const english = sceneLine({ scene: scene({ subjects: [couch] }) }, words('ar'));
    expect(english).toMatchObject({ text: 'رسم 🛋️ \u2068couch\u2069' });
  });
});
