import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import {
  addTags,
  clampText,
  normaliseTag,
  publishErrorKey,
  TITLE_MAX,
  textLength,
  validatePublishForm,
} from './publish-post-model.ts';

describe('normaliseTag', () => {
  it('trims, drops a leading #, lowercases and joins words with -', () => {
    expect(normaliseTag('  #Golden Hour ')).toEqual({ tag: 'golden-hour' });
    expect(normaliseTag('ＡＢＣ')).toEqual({ tag: 'abc' }); // NFKC: full-width letters
    expect(normaliseTag('夕焼け')).toEqual({ tag: '夕焼け' });
  });

  it('gives an empty tag for blank input and refuses punctuation or overlong tags', () => {
    expect(normaliseTag('  # ')).toEqual({ tag: '' });
    expect(normaliseTag('hello!')).toEqual({ error: 'invalid' });
    expect(normaliseTag('-dash-first')).toEqual({ error: 'invalid' });
    expect(normaliseTag('a'.repeat(31))).toEqual({ error: 'invalid' });
    expect(normaliseTag('a'.repeat(30))).toEqual({ tag: 'a'.repeat(30) });
  });
});

describe('addTags', () => {
  it('adds normalised tags, skips duplicates, and splits on commas', () => {
    expect(addTags(['sea'], 'Sea, #Sunset,  boats ', 5)).toEqual({ tags: ['sea', 'sunset', 'boats'] });
  });

  it('never goes past the maximum and says so', () => {
    expect(addTags(['a', 'b'], 'c, d', 3)).toEqual({ tags: ['a', 'b', 'c'], error: 'tooMany' });
  });

  it('keeps the good tags when one is invalid', () => {
    expect(addTags([], 'ok, no way!', 5)).toEqual({ tags: ['ok'], error: 'invalid' });
  });
});

describe('text limits', () => {
  it('counts characters, an emoji once', () => {
    expect(textLength('héllo🙂')).toBe(6);
  });

  it('cuts typed or pasted text at the limit without splitting an emoji', () => {
    expect(textLength(clampText('x'.repeat(60), TITLE_MAX))).toBe(50);
    expect(clampText('🙂🙂🙂', 2)).toBe('🙂🙂');
    expect(clampText('short', TITLE_MAX)).toBe('short');
  });
});

describe('validatePublishForm', () => {
  const valid = { title: 'Harbour', description: '', tags: ['sea'], agree: true };

  it('accepts a titled, agreed post', () => {
    expect(validatePublishForm(valid, 5)).toEqual({});
  });

  it('needs the agreement ticked and a title', () => {
    expect(validatePublishForm({ ...valid, agree: false }, 5)).toEqual({ agree: 'agreementRequired' });
    expect(validatePublishForm({ ...valid, title: '   ' }, 5)).toEqual({ title: 'titleRequired' });
  });

  it('refuses long texts and too many tags', () => {
    const errors = validatePublishForm(
      { ...valid, title: 't'.repeat(51), description: 'd'.repeat(201), tags: ['a', 'b', 'c'] },
      2,
    );
    expect(errors).toEqual({
      title: 'titleTooLong',
      description: 'descriptionTooLong',
      tags: 'tooManyTags',
    });
  });
});

describe('publishErrorKey', () => {
  it("maps the server's codes to the form's texts", () => {
    expect(publishErrorKey(new ApiError(400, 'agreement_required', ''))).toBe(
      'publish.errors.agreementRequired',
    );
    expect(publishErrorKey(new ApiError(400, 'too_many_tags', ''))).toBe('publish.errors.tooManyTags');
    expect(publishErrorKey(new ApiError(403, 'private_generation', ''))).toBe('publish.errors.private');
    expect(publishErrorKey(new ApiError(401, 'unauthenticated', ''))).toBe('errors.loginRequired');
  });

  it('falls back to the publish failure text', () => {
    expect(publishErrorKey(new ApiError(500, 'server_error', ''))).toBe('errors.publishFailed');
    expect(publishErrorKey(new TypeError('network'))).toBe('errors.publishFailed');
  });
});
