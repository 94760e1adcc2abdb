// Which model of each kind a request that names none gets. The rule, per kind: the administrator's choice
// while a worker offers it, else the model the workers mark as their default, else the built-in (safety: no
// check). A chosen model that is removed therefore falls back by itself, and no plain request fails for it.
import { DEFAULT_GENERATE_MODEL } from '@pictura/common/generation-options';
import type { ModelKind } from '@pictura/common/model-manifest';
import { type AdvertisedModel, DEFAULT_UPSCALE_MODEL } from '@pictura/common/queues';

/** The administrator's safety choice that turns the image check off. */
export const NO_SAFETY_CHECK = 'none';

/** The administrator's choices per kind; '' leaves it to the workers. */
export type ModelChoices = Record<ModelKind, string>;

const BUILT_IN: Record<ModelKind, string> = {
  generate: DEFAULT_GENERATE_MODEL,
  upscale: DEFAULT_UPSCALE_MODEL,
  safety: '',
};

/** The model of `kind` used when a request names none; '' only for safety, meaning no image check. */
export function defaultModelFor(kind: ModelKind, choice: string, available: AdvertisedModel[]): string {
  if (kind === 'safety' && choice === NO_SAFETY_CHECK) return '';
  const ofKind = available.filter((m) => m.kind === kind);
  // While no worker has said what it offers (all starting or down), the choice stands and the job waits.
  if (choice && (available.length === 0 || ofKind.some((m) => m.name === choice))) return choice;
  return ofKind.find((m) => m.isDefault)?.name ?? BUILT_IN[kind];
}

/**
 * The safety classifier a job's result is checked with. Undefined while no worker advertises anything and
 * the administrator chose nothing: jobs cannot know the workers' default then, and a worker reading an
 * absent field may apply its own.
 */
export function safetyModelFor(choice: string, available: AdvertisedModel[]): string | undefined {
  if (available.length === 0 && choice === '') return undefined;
  return defaultModelFor('safety', choice, available);
}

/** The workers' models with `isDefault` marking, per kind, what a request naming none gets. */
export function markDefaults(available: AdvertisedModel[], choices: ModelChoices): AdvertisedModel[] {
  const chosen = {
    generate: defaultModelFor('generate', choices.generate, available),
    upscale: defaultModelFor('upscale', choices.upscale, available),
    safety: defaultModelFor('safety', choices.safety, available),
  };
  return available.map((m) => ({ ...m, isDefault: m.name === chosen[m.kind] }));
}
