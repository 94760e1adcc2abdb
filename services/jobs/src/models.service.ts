// The admin Models page: what the workers have installed, the catalogue, the install and removal tasks
// (run on a worker, which owns MODELS_DIR, through the models queue) and the default model of each kind.
// Jobs refuses what it can judge here (unknown names, a second task for a model, built-ins), so the admin
// hears at once instead of through a failed task.
import type { AdminCheck } from '@pictura/common/admin-check';
import { AppError } from '@pictura/common/app-error';
import type { AuditLogRepository } from '@pictura/common/audit-log';
import { ABSTRACT_GENERATE_MODEL, DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import { type CatalogueEntry, modelCatalogue } from '@pictura/common/model-catalogue';
import type { ModelKind } from '@pictura/common/model-manifest';
import { type AdvertisedModel, DEFAULT_UPSCALE_MODEL, type ModelTaskData } from '@pictura/common/queues';
import { type ModelChoices, markDefaults } from './model-defaults.ts';
import type { ModelsRepository } from './models.repository.ts';
import type { ModelTaskView, QueueRepository } from './queue.repository.ts';
import type { SettingsValues } from './settings.repository.ts';
import { modelChoices } from './settings.service.ts';

/** Any Hugging Face repository in the Optimum ONNX layout, pinned to a revision (commit or branch). */
export const HF_MODEL_PATTERN = /^hf:[A-Za-z0-9][\w.-]{0,95}\/[A-Za-z0-9][\w.-]{0,95}@[\w./-]{1,100}$/;

const BUILT_IN_NAMES = new Set([DEFAULT_GENERATE_MODEL, ABSTRACT_GENERATE_MODEL, DEFAULT_UPSCALE_MODEL]);

export interface CatalogueView extends CatalogueEntry {
  /** A worker advertises a model of this id and kind. */
  installed: boolean;
}

export interface ModelAdminView {
  installed: AdvertisedModel[];
  catalogue: CatalogueView[];
  tasks: ModelTaskView[];
  /** The administrator's choices ('' automatic; safety also 'none'). */
  defaults: ModelChoices;
}

const alreadyRunning = () =>
  new AppError('failed_precondition', 'This model is already being installed or removed', 'already_running');

export function createModelsService(deps: {
  models: ModelsRepository;
  queue: Pick<QueueRepository, 'startModelTask' | 'modelTasks'>;
  settings: {
    get(): Promise<SettingsValues>;
    setDefaultModel(callerId: number, kind: ModelKind, model: string): Promise<SettingsValues>;
  };
  admin: AdminCheck;
  /** Install and removal requests are recorded here (the task itself runs on a worker). */
  audit: Pick<AuditLogRepository, 'record'>;
  /** The catalogue; the shipped one unless a test brings its own. */
  catalogue?: () => readonly CatalogueEntry[];
}) {
  const catalogue = deps.catalogue ?? modelCatalogue;

  async function start(data: ModelTaskData): Promise<ModelTaskView> {
    const task = await deps.queue.startModelTask(data);
    if (task === 'running') throw alreadyRunning();
    // The task lives in Redis, so the entry cannot share a transaction with it: it is written once the
    // task is queued, and names the model the admin asked for.
    await deps.audit.record({
      actorId: data.requestedBy,
      action: data.action === 'install' ? 'model.install' : 'model.remove',
      targetType: 'model',
      targetId: data.model,
      before: null,
      after: null,
    });
    return task;
  }

  return {
    /** Every kind; `isDefault` marks what a request naming none gets. Anyone may read it. */
    async listModels(): Promise<AdvertisedModel[]> {
      const [available, settings] = await Promise.all([deps.models.list(), deps.settings.get()]);
      return markDefaults(available, modelChoices(settings));
    },

    async list(callerId: number): Promise<ModelAdminView> {
      await deps.admin.requireAdmin(callerId);
      const [available, settings, tasks] = await Promise.all([
        deps.models.list(),
        deps.settings.get(),
        deps.queue.modelTasks(),
      ]);
      const defaults = modelChoices(settings);
      const offered = (entry: CatalogueEntry) =>
        available.some((m) => m.name === entry.id && m.kind === entry.kind);
      return {
        installed: markDefaults(available, defaults),
        catalogue: catalogue().map((entry) => ({ ...entry, installed: offered(entry) })),
        tasks,
        defaults,
      };
    },

    /** Queues an install of a catalogue id or an "hf:owner/name@revision" repository. */
    async install(callerId: number, model: string): Promise<ModelTaskView> {
      await deps.admin.requireAdmin(callerId);
      const entry = catalogue().find((e) => e.id === model);
      if (!entry && !HF_MODEL_PATTERN.test(model)) {
        throw new AppError(
          'invalid_argument',
          `Unknown model: ${model.slice(0, 200)} (not in the catalogue, and not hf:owner/name@revision)`,
          'unknown_model',
        );
      }
      const available = await deps.models.list();
      const installed = entry
        ? available.some((m) => m.name === entry.id && m.kind === entry.kind)
        : available.some((m) => m.source === model);
      if (installed) {
        throw new AppError('failed_precondition', 'This model is already installed', 'already_installed');
      }
      return start({ action: 'install', model, requestedBy: callerId });
    },

    /** Queues the removal of an installed model; a default it was falls back by itself. */
    async remove(callerId: number, name: string): Promise<ModelTaskView> {
      await deps.admin.requireAdmin(callerId);
      const found = (await deps.models.list()).filter((m) => m.name === name);
      if (BUILT_IN_NAMES.has(name) || found.some((m) => m.builtin)) {
        throw new AppError('invalid_argument', 'Built-in models cannot be removed', 'builtin_model');
      }
      if (found.length === 0) throw new AppError('not_found', 'This model is not installed');
      return start({ action: 'remove', model: name, requestedBy: callerId });
    },

    /** The default of one kind: '' automatic, a model a worker offers, or for safety 'none'. */
    async setDefault(callerId: number, kind: ModelKind, model: string): Promise<ModelChoices> {
      return modelChoices(await deps.settings.setDefaultModel(callerId, kind, model));
    },
  };
}

export type ModelsService = ReturnType<typeof createModelsService>;
