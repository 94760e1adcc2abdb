// Which model of each kind a worker offers as the default when a request names none (the administrator's
// choice, kept by jobs, overrides it):
// - generate: the most recently installed real model, else Pictura Emoji, else the abstract built-in;
// - upscale: the built-in (the high-quality models are far slower: users choose them on purpose);
// - safety: the most recently installed classifier, else an operator's own (SAFETY_MODEL_PATH), else none.
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import type { RegisteredModel } from './registered-model.ts';

const newest = (models: RegisteredModel[]) =>
  models
    .filter((m) => !m.builtin)
    .sort(
      (a, b) => (b.installedAt ?? '').localeCompare(a.installedAt ?? '') || a.name.localeCompare(b.name),
    )[0];

/** Marks one default per kind, in place. */
export function pickDefaults(models: RegisteredModel[]): void {
  const generate = models.filter((m) => m.kind === 'generate');
  const upscale = models.filter((m) => m.kind === 'upscale');
  const safety = models.filter((m) => m.kind === 'safety');
  const chosen = new Set<RegisteredModel | undefined>([
    newest(generate) ??
      generate.find((m) => m.name === DEFAULT_GENERATE_MODEL) ??
      generate.find((m) => m.builtin),
    upscale.find((m) => m.builtin),
    newest(safety) ?? safety[0],
  ]);
  for (const model of models) model.isDefault = chosen.has(model);
}
