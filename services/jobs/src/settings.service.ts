// System settings an admin changes at run time (issue 6): the guests' generation limit (applied by the
// gateway), the maintenance notice, the default generate model (applied here) and the most tags a post may
// carry (applied by community). Every reader re-reads within a few seconds, so no restart is needed.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { AdvertisedModel } from '@pictura/common/queues';
import type { ModelsRepository } from './models.repository.ts';
import type { SettingsRepository, SettingsValues } from './settings.repository.ts';

export const SETTINGS_LIMITS = {
  anonymousGeneratePerMinuteMax: 1000,
  maintenanceNoticeMaxLength: 500,
  maxTagsPerPostMin: 1,
  maxTagsPerPostMax: 20,
} as const;

/** Until an admin saves anything: the gateway's configured guest limit, no notice, the registry's model. */
export const DEFAULT_SETTINGS: SettingsValues = {
  anonymousGeneratePerMinute: null,
  maintenanceNotice: '',
  defaultModel: '',
  maxTagsPerPost: 5,
};

/**
 * The admin's default generate model while a worker offers it (or no worker advertises any), else ''
 * (the built-in default): a model taken out of service must not make every plain request fail.
 */
export function effectiveDefaultModel(adminDefault: string, available: AdvertisedModel[]): string {
  if (!adminDefault) return '';
  const offered = available.some((m) => m.kind === 'generate' && m.name === adminDefault);
  return offered || available.length === 0 ? adminDefault : '';
}

const invalid = (message: string) => new AppError('invalid_argument', message, 'invalid_settings');

const isWholeNumberIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

export function createSettingsService(deps: {
  settings: SettingsRepository;
  models: ModelsRepository;
  admin: AdminCheck;
  /** How long one process reuses what it read; another replica's change bites within this. */
  cacheMs?: number;
}) {
  const cacheMs = deps.cacheMs ?? 2000;
  let cached: { at: number; values: Promise<SettingsValues> } | undefined;

  async function read(): Promise<SettingsValues> {
    const row = await deps.settings.find();
    if (!row) return DEFAULT_SETTINGS;
    const { anonymousGeneratePerMinute, maintenanceNotice, defaultModel, maxTagsPerPost } = row;
    return { anonymousGeneratePerMinute, maintenanceNotice, defaultModel, maxTagsPerPost };
  }

  async function validate(input: SettingsValues): Promise<SettingsValues> {
    const limit = input.anonymousGeneratePerMinute;
    if (limit !== null && !isWholeNumberIn(limit, 0, SETTINGS_LIMITS.anonymousGeneratePerMinuteMax)) {
      throw invalid(
        `The anonymous generation limit must be between 0 and ${SETTINGS_LIMITS.anonymousGeneratePerMinuteMax} per minute`,
      );
    }
    const maintenanceNotice = input.maintenanceNotice.trim();
    if (maintenanceNotice.length > SETTINGS_LIMITS.maintenanceNoticeMaxLength) {
      throw invalid(
        `The maintenance notice is limited to ${SETTINGS_LIMITS.maintenanceNoticeMaxLength} characters`,
      );
    }
    const defaultModel = input.defaultModel.trim();
    if (defaultModel !== '') {
      const known = (await deps.models.list()).some((m) => m.kind === 'generate' && m.name === defaultModel);
      if (!known) throw new AppError('invalid_argument', `Unknown model: ${defaultModel}`, 'unknown_model');
    }
    const { maxTagsPerPostMin: min, maxTagsPerPostMax: max } = SETTINGS_LIMITS;
    if (!isWholeNumberIn(input.maxTagsPerPost, min, max)) {
      throw invalid(`Tags per post must be between ${min} and ${max}`);
    }
    return {
      anonymousGeneratePerMinute: limit,
      maintenanceNotice,
      defaultModel,
      maxTagsPerPost: input.maxTagsPerPost,
    };
  }

  return {
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

    /** Admins only: replaces every setting at once. */
    async update(callerId: number, input: SettingsValues): Promise<SettingsValues> {
      await deps.admin.requireAdmin(callerId);
      const values = await validate(input);
      await deps.settings.save(values, callerId);
      cached = { at: Date.now(), values: Promise.resolve(values) };
      return values;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
