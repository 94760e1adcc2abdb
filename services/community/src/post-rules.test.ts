import { AppError } from '@pictura/common/app-error';
import { describe, expect, it } from 'vitest';
import { checkPublishing, checkReport, normaliseTag, normaliseTags, similarOptions } from './post-rules.ts';

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('tags', () => {
  it.each([
    ['  Cats ', 'cats'],
    ['#Sunset', 'sunset'],
    ['black and white', 'black-and-white'],
    ['ＡＢＣ', 'abc'],
    ['日本', '日本'],
    ['pixel_art-2', 'pixel_art-2'],
    ['   ', ''],
  ])('normalises %j to %j', (raw, tag) => {
    expect(normaliseTag(raw)).toBe(tag);
  });

  it.each(['c@ts', '<script>', 'a/b', '-lead', 'x'.repeat(31)])('refuses %j', (raw) => {
    expect(failure(() => normaliseTag(raw))).toMatchObject({
      code: 'invalid_argument',
      reason: 'invalid_tag',
      message: 'Tags may contain only letters, digits, - and _, at most 30 characters each',
    });
  });

  it('drops empties and duplicates before counting against the maximum', () => {
    expect(normaliseTags(['Cat', 'cat ', '#CAT', '', 'dog', 'bird', 'fish', 'owl'], 5)).toEqual([
      'cat',
      'dog',
      'bird',
      'fish',
      'owl',
    ]);
    expect(failure(() => normaliseTags(['a', 'b', 'c', 'd', 'e', 'f'], 5))).toMatchObject({
      reason: 'too_many_tags',
      message: 'You can add at most 5 tags',
    });
    expect(normaliseTags(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(failure(() => normaliseTags(['a', 'b', 'c'], 2)).message).toBe('You can add at most 2 tags');
  });
});

describe('publishing texts', () => {
  const valid = { title: 'Dusk', description: '', agree: true };

  it('needs the agreement, in the spec’s words', () => {
    expect(failure(() => checkPublishing({ ...valid, agree: false }))).toMatchObject({
      code: 'invalid_argument',
      message: 'Please read and agree to the publishing agreement',
    });
  });

  it('takes a title of 50 characters and a description of 200, counting characters not code units', () => {
    expect(checkPublishing({ ...valid, title: ` ${'t'.repeat(50)} `, description: 'd'.repeat(200) })).toEqual(
      {
        title: 't'.repeat(50),
        description: 'd'.repeat(200),
      },
    );
    expect(checkPublishing({ ...valid, title: '😀'.repeat(50) }).title).toHaveLength(100);
    expect(failure(() => checkPublishing({ ...valid, title: 't'.repeat(51) })).message).toBe(
      'Title must be at most 50 characters',
    );
    expect(failure(() => checkPublishing({ ...valid, description: 'd'.repeat(201) })).message).toBe(
      'Description must be at most 200 characters',
    );
    expect(failure(() => checkPublishing({ ...valid, title: '   ' })).message).toBe('Please enter a title');
  });
});

describe('reports', () => {
  it('takes the five reasons, and details only with other', () => {
    for (const reason of ['spam', 'nudity', 'violence', 'copyright']) {
      expect(checkReport({ reason, details: '' })).toEqual({ reason, details: '' });
    }
    expect(checkReport({ reason: 'other', details: ' stolen ' })).toEqual({
      reason: 'other',
      details: 'stolen',
    });
    expect(failure(() => checkReport({ reason: 'other', details: ' ' })).message).toBe(
      'Please describe the problem',
    );
    expect(failure(() => checkReport({ reason: 'boring', details: '' })).reason).toBe('invalid_reason');
    expect(failure(() => checkReport({ reason: 'other', details: 'x'.repeat(501) })).message).toBe(
      'Details must be at most 500 characters',
    );
  });
});

describe('create-similar options', () => {
  it('keeps the generator options, snake_case, and nothing else', () => {
    expect(
      similarOptions(
        JSON.stringify({
          aspectRatio: 'portrait',
          style: 'anime',
          seed: 9,
          count: 4,
          sourceKey: 'x',
          evil: {},
        }),
      ),
    ).toEqual({ aspect_ratio: 'portrait', style: 'anime', seed: 9 });
    expect(similarOptions('not json')).toEqual({});
  });
});
