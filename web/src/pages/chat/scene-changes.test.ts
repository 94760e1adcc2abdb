import type { ImageScene, SceneSubject } from '@pictura/common/scene';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { SceneWords } from '../../components/scene-text.ts';
import chatEn from '../../i18n/locales/chat/en.json';
import en from '../../i18n/locales/en.json';
import { describeSceneChanges, sceneChanges } from './scene-changes.ts';

const texts = i18next.createInstance();
await texts.init({
  resources: { en: { translation: en, chat: chatEn } },
  lng: 'en',
  interpolation: { escapeValue: false },
});
const words: SceneWords = { t: texts.getFixedT('en'), locale: 'en', names: {}, rtl: false };
const chat = texts.getFixedT('en', 'chat');

function scene(subjects: SceneSubject[], extra: Partial<ImageScene> = {}): ImageScene {
  return { subjects, relations: [], setting: [], style: [], unplaced_words: [], ...extra };
}

const cat: SceneSubject = { name: 'cat', emoji: '🐈', count: 1 };
const hat: SceneSubject = { name: 'hat', emoji: '🎩', count: 1 };
const umbrella: SceneSubject = { name: 'umbrella', emoji: '☂️', count: 1, colour: 'red' };
const couch: SceneSubject = { name: 'couch', emoji: '🛋️', count: 1 };

/** The sentence the chat shows for a refinement from `before` to `after`. */
const said = (before: ImageScene, after: ImageScene) =>
  describeSceneChanges(sceneChanges(before, after), words, chat);

describe('what a refinement changed', () => {
  it('says a thing was added ("add a red umbrella")', () => {
    expect(sceneChanges(scene([cat]), scene([cat, umbrella]))).toEqual([
      { kind: 'added', subject: umbrella },
    ]);
    expect(said(scene([cat]), scene([cat, umbrella]))).toBe('Added ☂️ umbrella');
  });

  it('says a thing was removed ("remove the hat")', () => {
    expect(said(scene([cat, hat]), scene([cat]))).toBe('Removed 🎩 hat');
  });

  it('says a thing moved when the prompt now places it elsewhere ("move the cat to the left")', () => {
    expect(said(scene([cat]), scene([{ ...cat, position: 'left' }]))).toBe('Moved 🐈 cat to the left');
    expect(said(scene([{ ...cat, position: 'left' }]), scene([{ ...cat, position: 'centre' }]))).toBe(
      'Moved 🐈 cat to the centre',
    );
    // A position no longer given is the painter's choice, not a move.
    expect(sceneChanges(scene([{ ...cat, position: 'left' }]), scene([cat]))).toEqual([]);
  });

  it('says how many there are when the count changed', () => {
    expect(said(scene([cat]), scene([{ ...cat, count: 3 }]))).toBe('Changed the number of 🐈 cat: 1 → 3');
  });

  it('says a new setting of each kind, and one that went with nothing in its place', () => {
    expect(
      said(scene([cat], { setting: ['room', 'day'] }), scene([cat], { setting: ['room', 'night'] })),
    ).toBe('Now: night');
    expect(said(scene([cat], { setting: ['beach'] }), scene([cat], { setting: ['forest', 'rain'] }))).toBe(
      'Now: forest and rain',
    );
    expect(said(scene([cat], { setting: ['street', 'rain'] }), scene([cat], { setting: ['street'] }))).toBe(
      'No longer: rain',
    );
  });

  it('says a new relation between things that were already there ("put the cat on the couch")', () => {
    const before = scene([cat, couch]);
    const after = scene([cat, couch], { relations: [{ subject: 0, relation: 'on', object: 1 }] });
    expect(said(before, after)).toBe('Now: 🐈 cat on 🛋️ couch');
    // With a new thing in it, "Added" tells it.
    const withHat = scene([cat, hat], { relations: [{ subject: 0, relation: 'wearing', object: 1 }] });
    expect(said(scene([cat]), withHat)).toBe('Added 🎩 hat');
  });

  it('matches things by name, not by their place in the list', () => {
    expect(sceneChanges(scene([cat, hat]), scene([hat, cat]))).toEqual([]);
    // Two of a name: the second one is the one added.
    expect(sceneChanges(scene([cat]), scene([cat, cat]))).toEqual([{ kind: 'added', subject: cat }]);
  });

  it('puts several changes in one line, additions first', () => {
    const before = scene([cat, hat], { setting: ['day'] });
    const after = scene([{ ...cat, position: 'left' }, umbrella], { setting: ['night'] });
    expect(said(before, after)).toBe(
      'Added ☂️ umbrella · Removed 🎩 hat · Moved 🐈 cat to the left · Now: night',
    );
  });

  it('says so when nothing it could draw changed (unplaced words do not count)', () => {
    const before = scene([cat], { style: ['watercolor'], unplaced_words: ['shiba'] });
    const after = scene([cat], { style: ['watercolor'], unplaced_words: ['corgi'] });
    expect(sceneChanges(before, after)).toEqual([]);
    expect(said(before, after)).toBe('Nothing changed that I could draw.');
  });

  it('says the new look when style words chose one ("in the style of an oil painting")', () => {
    const before = scene([cat]);
    const after = scene([cat], { style: ['watercolor'] });
    expect(sceneChanges(before, after)).toEqual([{ kind: 'style', now: ['watercolor'] }]);
    expect(said(before, after)).toBe('Now: Watercolour');
  });
});
