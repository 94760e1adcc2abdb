// Processes one model task from the admin console: install a model into MODELS_DIR (download with
// progress, verify, convert) or remove one, then has every inference thread pick up the change. Workers
// own MODELS_DIR, so they do this; other workers see the change through their watcher.
import type { ModelTaskData, ModelTaskProgress } from '@pictura/common/queues';
import { type Job, UnrecoverableError } from 'bullmq';
import { InstallError, installModel, removeModel } from './models/installer/model-installer.ts';

export interface ModelTaskDeps {
  modelsDir?: string;
  hfEndpoint: string;
  hfToken?: string;
  npmRegistry: string;
  /** Called after MODELS_DIR changed, so this worker reloads at once instead of at its next poll. */
  changed(): Promise<unknown>;
}

/** How often progress reaches Redis at most: a fast download would otherwise write hundreds a second. */
const PROGRESS_EVERY_MS = 500;

export function createModelTaskHandler(deps: ModelTaskDeps) {
  return async function modelTask(job: Job<ModelTaskData>): Promise<{ model: string }> {
    const { action, model } = job.data;
    if (!deps.modelsDir) {
      throw new UnrecoverableError(
        'This worker has no MODELS_DIR: set it to the models volume to install models',
      );
    }
    let last = 0;
    const report = (progress: ModelTaskProgress, force = false) => {
      const now = Date.now();
      if (!force && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void job.updateProgress(progress as unknown as object).catch(() => {});
    };
    try {
      if (action === 'remove') {
        report({ phase: 'remove', bytesDone: 0, bytesTotal: 0, bytesPerSecond: 0 }, true);
        await removeModel(model, deps.modelsDir);
        await deps.changed();
        return { model };
      }
      const manifest = await installModel(model, {
        modelsDir: deps.modelsDir,
        hfEndpoint: deps.hfEndpoint,
        hfToken: deps.hfToken,
        npmRegistry: deps.npmRegistry,
        onProgress: (progress) => report(progress, progress.phase !== 'download'),
      });
      await deps.changed();
      return { model: manifest.id ?? model };
    } catch (error) {
      // The installer's messages are written for administrators; anything else is reported plainly.
      if (error instanceof InstallError) throw new UnrecoverableError(error.message);
      throw new UnrecoverableError(`The model task failed: ${(error as Error).message}`);
    }
  };
}
