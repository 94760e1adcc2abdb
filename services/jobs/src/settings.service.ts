// System settings an admin changes at run time (issue 6): the guests' generation limit (applied by the
// gateway), the maintenance notice and the default model of each kind (applied here, see model-defaults.ts).
// Every reader re-reads within a few seconds, so no restart is needed. (The tag limit is community's.)
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { ModelKind } from '@pictura/common/model-manifest';
import { type ModelChoices, NO_SAFETY_CHECK } from './model-defaults.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { SettingsRepository, SettingsValues } from './settings.repository.ts';

export const SETTINGS_LIMITS = {
  anonymousGeneratePerMinuteMax: 1000,
  maintenanceNoticeMaxLength: 500,
} as const;

/** Until an admin saves anything: the gateway's configured guest limit, no notice, the registry's model. */
export const DEFAULT_SETTINGS: SettingsValues = {
  anonymousGeneratePerMinute: null,
  maintenanceNotice: '',
  defaultModel: '',
  defaultUpscaleModel: '',
  defaultSafetyModel: '',
};

/** Where each kind's default choice is stored. */
const CHOICE_FIELD = {
  generate: 'defaultModel',
  upscale: 'defaultUpscaleModel',
  safety: 'defaultSafetyModel',
} as const satisfies Record<ModelKind, keyof SettingsValues>;

/** Each setting's name in the API and in the audit log's before/after. */
const SETTING_NAMES = {
  anonymousGeneratePerMinute: 'anonymous_generate_per_minute',
  maintenanceNotice: 'maintenance_notice',
  defaultModel: 'default_model',
  defaultUpscaleModel: 'default_upscale_model',
  defaultSafetyModel: 'default_safety_model',
} as const satisfies Record<keyof SettingsValues, string>;

/** The administrator's default model choices out of the settings. */
export function modelChoices(values: SettingsValues): ModelChoices {
  return {
    generate: values.defaultModel,
    upscale: values.defaultUpscaleModel,
    safety: values.defaultSafetyModel,
  };
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
    const { anonymousGeneratePerMinute, maintenanceNotice, defaultModel } = row;
    const { defaultUpscaleModel, defaultSafetyModel } = row;
    return {
      anonymousGeneratePerMinute,
      maintenanceNotice,
      defaultModel,
      defaultUpscaleModel,
      defaultSafetyModel,
    };
  }

  /** '' (automatic), 'none' for safety, or a model a worker offers for that kind. */
  async function checkModelChoice(kind: ModelKind, model: string): Promise<void> {
    if (model === '' || (kind === 'safety' && model === NO_SAFETY_CHECK)) return;
    const known = (await deps.models.list()).some((m) => m.kind === kind && m.name === model);
    if (!known) throw new AppError('invalid_argument', `Unknown model: ${model}`, 'unknown_model');
  }

  async function validate(input: SettingsValues, stored: SettingsValues): Promise<SettingsValues> {
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
    const choices = {
      defaultModel: input.defaultModel.trim(),
      defaultUpscaleModel: input.defaultUpscaleModel.trim(),
      defaultSafetyModel: input.defaultSafetyModel.trim(),
    };
    // Only a changed choice is checked: a stored one whose model was removed since (it falls back by itself
    // until offered again) must not block saving the other settings.
    for (const kind of ['generate', 'upscale', 'safety'] as const) {
      const field = CHOICE_FIELD[kind];
      if (choices[field] !== stored[field]) await checkModelChoice(kind, choices[field]);
    }
    return { anonymousGeneratePerMinute: limit, maintenanceNotice, ...choices };
  }

  /** Saves, with an audit entry of the fields that changed (none changed: no entry). */
  async function save(
    callerId: number,
    values: SettingsValues,
    before: SettingsValues,
    action: string,
  ): Promise<SettingsValues> {
    const changed = (Object.keys(values) as (keyof SettingsValues)[]).filter((k) => values[k] !== before[k]);
    const pick = (from: SettingsValues) =>
      Object.fromEntries(changed.map((k) => [SETTING_NAMES[k], from[k]]));
    await deps.settings.save(
      values,
      callerId,
      changed.length === 0
        ? undefined
        : {
            actorId: callerId,
            action,
            targetType: 'settings',
            targetId: 'system',
            before: pick(before),
            after: pick(values),
          },
    );
    cached = { at: Date.now(), values: Promise.resolve(values) };
    return values;
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

    /** Admins only: replaces every setting at once; or, with validateOnly, only checks them. */
    async update(callerId: number, input: SettingsValues, validateOnly = false): Promise<SettingsValues> {
      await deps.admin.requireAdmin(callerId);
      const stored = await read();
      const values = await validate(input, stored);
      return validateOnly ? values : save(callerId, values, stored, 'settings.update');
    },

    /** The tag limit stored here before community owned it; community reads it once to take it over. */
    async retiredMaxTagsPerPost(): Promise<number> {
      return (await deps.settings.find())?.retiredMaxTagsPerPost ?? 5;
    },

    /** Admins only: the default model of one kind, leaving every other setting as stored. */
    async setDefaultModel(callerId: number, kind: ModelKind, model: string): Promise<SettingsValues> {
      await deps.admin.requireAdmin(callerId);
      const choice = model.trim();
      await checkModelChoice(kind, choice);
      const stored = await read();
      return save(callerId, { ...stored, [CHOICE_FIELD[kind]]: choice }, stored, 'model.set_default');
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
