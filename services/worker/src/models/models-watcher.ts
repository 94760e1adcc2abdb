// Notices models installed or removed in MODELS_DIR by anyone (another worker, the operator CLI, an init
// container) by comparing the folder's signature between polls: polling works the same on local disks and
// on the network volumes MODELS_DIR lives on in clusters, where file events are not delivered.
import { modelsDirSignature } from './model-folders.ts';

export interface ModelsWatcher {
  /** Looks now (after any look in progress), e.g. right after this worker changed MODELS_DIR itself. */
  check(): Promise<void>;
  close(): void;
}

export function watchModelsDir(
  modelsDir: string,
  intervalMs: number,
  changed: () => Promise<unknown>,
): ModelsWatcher {
  let last: string | undefined;
  const look = async () => {
    const signature = await modelsDirSignature(modelsDir).catch(() => last);
    if (last !== undefined && signature !== last) await changed();
    last = signature;
  };
  // One look at a time: a timer tick during a look is skipped, an explicit check waits its turn.
  let running: Promise<void> | undefined;
  const run = () => {
    const next: Promise<void> = (running ?? Promise.resolve()).then(look).finally(() => {
      if (running === next) running = undefined;
    });
    running = next;
    return next;
  };
  void run();
  const timer = setInterval(() => {
    if (!running) void run();
  }, intervalMs);
  timer.unref();
  return { check: run, close: () => clearInterval(timer) };
}
