import { describe, expect, it } from 'vitest';
import type { SystemSettings } from '../../api/admin.ts';
import { changesFrom, draftFrom, validateDraft } from './settings-form-model.ts';

const saved: SystemSettings = {
  anonymous_generate_per_minute: null,
  anonymous_generate_per_minute_default: 10,
  maintenance_notice: '',
  default_model: '',
  max_tags_per_post: 5,
};

describe('the system settings form', () => {
  it('starts from the saved settings, showing the configured guest limit while the default applies', () => {
    expect(draftFrom(saved)).toEqual({
      limitMode: 'default',
      limit: '10',
      notice: '',
      defaultModel: '',
      maxTags: '5',
    });
    expect(draftFrom({ ...saved, anonymous_generate_per_minute: 0 })).toMatchObject({
      limitMode: 'custom',
      limit: '0',
    });
  });

  it('accepts what the jobs service accepts', () => {
    const draft = draftFrom(saved);
    expect(validateDraft(draft)).toEqual({});
    expect(validateDraft({ ...draft, limitMode: 'custom', limit: '1000', maxTags: '20' })).toEqual({});
    expect(validateDraft({ ...draft, limitMode: 'custom', limit: '0', maxTags: '1' })).toEqual({});
    expect(validateDraft({ ...draft, notice: `  ${'x'.repeat(500)}  ` })).toEqual({});
  });

  it('refuses out-of-range or non-whole numbers and an over-long notice', () => {
    const draft = draftFrom(saved);
    expect(validateDraft({ ...draft, maxTags: '21' })).toEqual({ maxTags: 'maxTagsRange' });
    expect(validateDraft({ ...draft, maxTags: '0' })).toEqual({ maxTags: 'maxTagsRange' });
    expect(validateDraft({ ...draft, maxTags: '2.5' })).toEqual({ maxTags: 'maxTagsRange' });
    expect(validateDraft({ ...draft, maxTags: '' })).toEqual({ maxTags: 'maxTagsRange' });
    expect(validateDraft({ ...draft, limitMode: 'custom', limit: '1001' })).toEqual({ limit: 'limitRange' });
    expect(validateDraft({ ...draft, limitMode: 'custom', limit: '-1' })).toEqual({ limit: 'limitRange' });
    expect(validateDraft({ ...draft, notice: 'x'.repeat(501) })).toEqual({ notice: 'noticeLength' });
  });

  it('ignores a bad custom limit while the server default is chosen', () => {
    expect(validateDraft({ ...draftFrom(saved), limitMode: 'default', limit: 'abc' })).toEqual({});
  });

  it('sends only what changed', () => {
    const draft = draftFrom(saved);
    expect(changesFrom(draft, saved)).toEqual({});
    expect(changesFrom({ ...draft, maxTags: '8' }, saved)).toEqual({ max_tags_per_post: 8 });
    expect(changesFrom({ ...draft, limitMode: 'custom', limit: '3', notice: ' Back soon ' }, saved)).toEqual({
      anonymous_generate_per_minute: 3,
      maintenance_notice: 'Back soon',
    });
    const custom = { ...saved, anonymous_generate_per_minute: 3, default_model: 'pictura-abstract' };
    expect(changesFrom({ ...draftFrom(custom), limitMode: 'default', defaultModel: '' }, custom)).toEqual({
      anonymous_generate_per_minute: null,
      default_model: '',
    });
  });
});
