// Notices models installed or removed in MODELS_DIR by anyone (another worker, the operator CLI, an init
// container) by comparing the folder's signature between polls: polling works the same on local disks and
// on the network volumes MODELS_DIR lives on in clusters, where file events are not delivered.
import { modelsDirSignature } from './model-folders.ts';

export function watchModelsDir(
  modelsDir: string,
  intervalMs: number,
  changed: () => Promise<unknown>,
): { close(): void } {
  let last: string | undefined;
  let busy = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      const signature = await modelsDirSignature(modelsDir).catch(() => last);
      if (last !== undefined && signature !== last) await changed();
      last = signature;
    } finally {
      busy = false;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), intervalMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
