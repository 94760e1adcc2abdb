import { describe, expect, it } from 'vitest';
import type { PostDetail } from '../../api/community.ts';
import { ApiError } from '../../api/http.ts';
import {
  compactNumber,
  feedSearch,
  hashTag,
  postOwnership,
  readFeedParams,
  reportErrorKey,
  similarValues,
} from './community-model.ts';

describe('readFeedParams', () => {
  it('reads latest by default and popular when asked', () => {
    expect(readFeedParams(new URLSearchParams(''))).toEqual({ sort: 'latest', tag: '' });
    expect(readFeedParams(new URLSearchParams('sort=popular'))).toEqual({ sort: 'popular', tag: '' });
    expect(readFeedParams(new URLSearchParams('sort=oldest'))).toEqual({ sort: 'latest', tag: '' });
  });

  it('normalises the tag as the server does and ignores an invalid one', () => {
    expect(readFeedParams(new URLSearchParams('tag=%23Sunset'))).toEqual({ sort: 'latest', tag: 'sunset' });
    expect(readFeedParams(new URLSearchParams('tag=Golden%20Hour')).tag).toBe('golden-hour');
    expect(readFeedParams(new URLSearchParams('tag=<script>')).tag).toBe('');
  });
});

describe('feedSearch', () => {
  it('keeps latest and "all tags" out of the URL', () => {
    expect(feedSearch(new URLSearchParams('sort=popular&tag=sea'), { sort: 'latest', tag: '' })).toBe('');
  });

  it('sets the sort and the tag and keeps other parameters', () => {
    const search = feedSearch(new URLSearchParams('publish=job-1'), { sort: 'popular', tag: 'sea' });
    expect(new URLSearchParams(search).get('publish')).toBe('job-1');
    expect(new URLSearchParams(search).get('sort')).toBe('popular');
    expect(new URLSearchParams(search).get('tag')).toBe('sea');
  });
});

describe('similarValues', () => {
  const post = {
    prompt: 'a harbour at dawn',
    negative_prompt: 'blurry',
    model: 'pictura-abstract',
    options: {
      aspect_ratio: 'landscape_16_9',
      style: 'watercolor',
      color: 'warm',
      lighting: 'laser',
      seed: 7,
    },
  } as unknown as PostDetail;

  it('takes the prompt and the known options, never the seed', () => {
    expect(similarValues(post, ['pictura-abstract'])).toEqual({
      prompt: 'a harbour at dawn',
      negativePrompt: 'blurry',
      aspectRatio: 'landscape_16_9',
      style: 'watercolor',
      color: 'warm',
      model: 'pictura-abstract',
    });
  });

  it('leaves out a model this server does not have', () => {
    expect(similarValues(post, ['other-model']).model).toBeUndefined();
  });

  it('asks for a transparent background again when the post was made on one', () => {
    const sticker = { ...post, options: { ...post.options, background: 'transparent' } };
    expect(similarValues(sticker, ['pictura-abstract']).transparent).toBe(true);
  });
});

describe('compactNumber', () => {
  it('shortens large counts', () => {
    expect(compactNumber(12, 'en')).toBe('12');
    expect(compactNumber(1234, 'en')).toBe('1.2K');
  });
});

describe('hashTag', () => {
  it('keeps the # in front of a Latin tag inside right-to-left text', () => {
    expect(hashTag('sea')).toBe('\u2068#sea\u2069');
  });
});

describe('reportErrorKey', () => {
  it('says why the server refused a report', () => {
    expect(reportErrorKey(new ApiError(409, 'already_reported', ''))).toBe('report.errors.already');
    expect(reportErrorKey(new ApiError(400, 'details_required', ''))).toBe('report.errors.detailsRequired');
    expect(reportErrorKey(new ApiError(404, 'post_not_found', ''))).toBe('report.errors.gone');
    expect(reportErrorKey(new ApiError(401, 'unauthenticated', ''))).toBe('errors.loginRequired');
  });

  it('falls back to the report failure text', () => {
    expect(reportErrorKey(new ApiError(500, 'server_error', ''))).toBe('errors.reportFailed');
    expect(reportErrorKey(new TypeError('network'))).toBe('errors.reportFailed');
  });
});

describe('postOwnership', () => {
  it('offers neither Delete nor Report until the session check answers', () => {
    expect(postOwnership(7, { viewerId: 0, viewerKnown: false })).toBe('unknown');
    expect(postOwnership(7, { viewerId: 7, viewerKnown: true })).toBe('own');
    expect(postOwnership(7, { viewerId: 8, viewerKnown: true })).toBe('other');
    expect(postOwnership(0, { viewerId: 0, viewerKnown: true })).toBe('other'); // a guest
  });
});
