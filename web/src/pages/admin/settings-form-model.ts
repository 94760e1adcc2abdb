// The system settings form as plain data: what the inputs hold, what is wrong with them (the jobs
// service's own limits, checked before the round trip), and which fields actually changed.
import type { SettingsUpdate, SystemSettings } from '../../api/admin.ts';

/** The same bounds services/jobs/src/settings.service.ts enforces. */
export const SETTINGS_LIMITS = {
  guestPerMinuteMax: 1000,
  noticeMaxLength: 500,
  maxTagsMin: 1,
  maxTagsMax: 20,
} as const;

export interface SettingsDraft {
  /** default: the server's configured guest limit applies (stored as null). */
  limitMode: 'default' | 'custom';
  limit: string;
  notice: string;
  /** Empty: the built-in default model. */
  defaultModel: string;
  maxTags: string;
}

export type DraftField = 'limit' | 'notice' | 'maxTags';

/** Translation keys (under `settings.errors.`) per invalid field. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export function draftFrom(settings: SystemSettings): SettingsDraft {
  const custom = settings.anonymous_generate_per_minute;
  return {
    limitMode: custom === null ? 'default' : 'custom',
    limit: String(custom ?? settings.anonymous_generate_per_minute_default),
    notice: settings.maintenance_notice,
    defaultModel: settings.default_model,
    maxTags: String(settings.max_tags_per_post),
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

export function validateDraft(draft: SettingsDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.limitMode === 'custom') {
    const limit = wholeNumber(draft.limit);
    if (limit === null || limit > SETTINGS_LIMITS.guestPerMinuteMax) errors.limit = 'limitRange';
  }
  if (draft.notice.trim().length > SETTINGS_LIMITS.noticeMaxLength) errors.notice = 'noticeLength';
  const maxTags = wholeNumber(draft.maxTags);
  if (maxTags === null || maxTags < SETTINGS_LIMITS.maxTagsMin || maxTags > SETTINGS_LIMITS.maxTagsMax) {
    errors.maxTags = 'maxTagsRange';
  }
  return errors;
}

/** Only what differs from the saved settings (fields left out keep their value on the server). */
export function changesFrom(draft: SettingsDraft, saved: SystemSettings): SettingsUpdate {
  const update: SettingsUpdate = {};
  const limit = draft.limitMode === 'default' ? null : wholeNumber(draft.limit);
  if (limit !== saved.anonymous_generate_per_minute) update.anonymous_generate_per_minute = limit;
  const notice = draft.notice.trim();
  if (notice !== saved.maintenance_notice) update.maintenance_notice = notice;
  if (draft.defaultModel !== saved.default_model) update.default_model = draft.defaultModel;
  const maxTags = wholeNumber(draft.maxTags);
  if (maxTags !== null && maxTags !== saved.max_tags_per_post) update.max_tags_per_post = maxTags;
  return update;
}
