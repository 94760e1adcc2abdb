// The community rules an admin changes at run time: the most tags a post may carry. Publishing reads it
// through a short cache, so another replica's change bites within seconds, without a restart.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import { DEFAULT_MAX_TAGS } from './post-rules.ts';
import type { SettingsRepository, SettingsValues } from './settings.repository.ts';

export const SETTINGS_LIMITS = { maxTagsPerPostMin: 1, maxTagsPerPostMax: 20 } as const;

export const DEFAULT_SETTINGS: SettingsValues = { maxTagsPerPost: DEFAULT_MAX_TAGS };

/**
 * The value jobs stored while it held this setting (undefined when jobs cannot answer now). Read until
 * community has a row of its own; goes with jobs' column in a later release.
 */
export type RetiredSettingSource = () => Promise<number | undefined>;

const isWholeNumberIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

export function createSettingsService(deps: {
  settings: SettingsRepository;
  admin: AdminCheck;
  retiredMaxTags?: RetiredSettingSource;
  /** How long one process reuses what it read. */
  cacheMs?: number;
}) {
  const cacheMs = deps.cacheMs ?? 2000;
  let cached: { at: number; values: Promise<SettingsValues> } | undefined;

  async function read(): Promise<SettingsValues> {
    const row = await deps.settings.find();
    if (row) return { maxTagsPerPost: row.maxTagsPerPost };
    const retired = await deps.retiredMaxTags?.();
    if (retired === undefined || !isWholeNumberIn(retired, 1, SETTINGS_LIMITS.maxTagsPerPostMax)) {
      // Jobs away (or nothing to take over): the default for now; the next read asks again.
      return DEFAULT_SETTINGS;
    }
    await deps.settings.saveFirst({ maxTagsPerPost: retired });
    const taken = await deps.settings.find();
    return { maxTagsPerPost: taken?.maxTagsPerPost ?? retired };
  }

  function validate(input: SettingsValues): SettingsValues {
    const { maxTagsPerPostMin: min, maxTagsPerPostMax: max } = SETTINGS_LIMITS;
    if (!isWholeNumberIn(input.maxTagsPerPost, min, max)) {
      throw new AppError(
        'invalid_argument',
        `Tags per post must be between ${min} and ${max}`,
        'invalid_settings',
      );
    }
    return { maxTagsPerPost: input.maxTagsPerPost };
  }

  const service = {
    /** The settings now (anyone may read them: they hold nothing secret). */
    get(): Promise<SettingsValues> {
      if (!cached || Date.now() - cached.at > cacheMs) {
        cached = { at: Date.now(), values: read() };
        cached.values.catch(() => {
          cached = undefined;
        });
      }
      return cached.values;
    },

    /** Admins only: replaces the settings, with an audit entry when something changed; or only checks them. */
    async update(callerId: number, input: SettingsValues, validateOnly = false): Promise<SettingsValues> {
      await deps.admin.requireAdmin(callerId);
      const values = validate(input);
      if (validateOnly) return values;
      const before = await read();
      const changed = values.maxTagsPerPost !== before.maxTagsPerPost;
      await deps.settings.save(
        values,
        callerId,
        changed
          ? {
              actorId: callerId,
              action: 'settings.update',
              targetType: 'settings',
              targetId: 'system',
              before: { max_tags_per_post: before.maxTagsPerPost },
              after: { max_tags_per_post: values.maxTagsPerPost },
            }
          : undefined,
      );
      cached = { at: Date.now(), values: Promise.resolve(values) };
      return values;
    },

    /** The tag limit publishing applies; the default while the settings cannot be read. */
    async maxTags(): Promise<number> {
      return (await service.get()).maxTagsPerPost;
    },
  };
  return service;
}

export type SettingsService = ReturnType<typeof createSettingsService>;
