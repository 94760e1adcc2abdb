// How a model is named and chosen wherever users see one: always by its title (never the raw id, which
// is an implementation detail such as "sd-turbo" or "hf:owner/name@rev"), and which one a request that
// names none will get.
import type { ModelInfo, ModelKind } from '../api/models.ts';

/** "hf:stabilityai/sd-turbo@abc123" → "Sd turbo"; "esrgan-thick-x4" → "Esrgan thick x4". */
export function humaniseModelName(name: string): string {
  const withoutSource = name.replace(/^[a-z]+:/i, '').replace(/@.*$/, '');
  const last = withoutSource.split('/').pop() ?? withoutSource;
  const words = last
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The title of the model called `name`: from the models list when it is there, else a readable form. */
export function modelTitle(name: string, models: readonly ModelInfo[] | undefined): string {
  const found = models?.find((model) => model.name === name);
  return found?.title?.trim() || humaniseModelName(name);
}

/** The model of `kind` a request that names none gets: the one marked default, else the first offered. */
export function defaultModel(
  models: readonly ModelInfo[] | undefined,
  kind: ModelKind,
): ModelInfo | undefined {
  const ofKind = (models ?? []).filter((model) => model.kind === kind);
  return ofKind.find((model) => model.default) ?? ofKind[0];
}

/** The model a form's choice resolves to ("" = the default). */
export function chosenModel(
  models: readonly ModelInfo[] | undefined,
  kind: ModelKind,
  choice: string,
): ModelInfo | undefined {
  if (choice) {
    const found = models?.find((model) => model.kind === kind && model.name === choice);
    if (found) return found;
  }
  return defaultModel(models, kind);
}

/**
 * True while every generate model is a built-in: pictures come from Pictura Scenes (simple illustrated scenes
 * of things it knows) or the abstract-art demo, not from a general text-to-image model.
 */
export function onlyDemoGenerators(models: readonly ModelInfo[] | undefined): boolean {
  if (!models) return false;
  const generators = models.filter((model) => model.kind === 'generate');
  return generators.length > 0 && generators.every((model) => model.builtin);
}

/** False when the model ignores the negative prompt (guidance 0, as in the Turbo models). */
export function negativePromptApplies(model: ModelInfo | undefined): boolean {
  return model?.settings?.negative_prompt !== false;
}
