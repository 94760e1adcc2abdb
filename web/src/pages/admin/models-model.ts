// The admin Models page's pure rules: when to keep polling, which task belongs to a model, how far it
// has come, what the default selectors offer, and what the Hugging Face field accepts.
import type {
  AdminModels,
  CatalogueModel,
  ModelDefaults,
  ModelInfo,
  ModelKind,
  ModelLicence,
  ModelTask,
  ModelTaskProgress,
} from '../../api/models.ts';

/** Poll GET /api/admin/models this often while a task waits or runs. */
export const TASK_POLL_MS = 1000;

export function isRunning(task: ModelTask): boolean {
  return task.state === 'waiting' || task.state === 'active';
}

/** Whether the page should keep asking for progress. */
export function hasRunningTask(data: Pick<AdminModels, 'tasks'> | undefined): boolean {
  return Boolean(data?.tasks.some(isRunning));
}

/**
 * After a task ends, the workers take a moment to offer (or stop offering) the model, so the page keeps
 * polling this long for the installed list to catch up.
 */
export const SETTLE_MS = 20_000;

/** Poll while a task waits or runs, and for a while after one has ended (`settleUntil`, a clock time). */
export function shouldPoll(
  data: Pick<AdminModels, 'tasks'> | undefined,
  settleUntil: number,
  now: number,
): boolean {
  return hasRunningTask(data) || now < settleUntil;
}

/** The newest task for a model (finished ones stay listed for an hour). */
export function taskFor(model: string, tasks: readonly ModelTask[]): ModelTask | undefined {
  let newest: ModelTask | undefined;
  for (const task of tasks) {
    if (task.model !== model) continue;
    if (!newest || task.requested_at > newest.requested_at) newest = task;
  }
  return newest;
}

/** The models whose task has just finished: the models list everyone reads must be fetched again. */
export function finishedSince(before: readonly ModelTask[], after: readonly ModelTask[]): string[] {
  const runningBefore = new Set(before.filter(isRunning).map((task) => task.model));
  return after.filter((task) => runningBefore.has(task.model) && !isRunning(task)).map((task) => task.model);
}

/** 0..100 of the bytes, or null while the total is unknown (the bar then shows activity only). */
export function progressPercent(progress: ModelTaskProgress | null): number | null {
  if (!progress || progress.bytes_total <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((progress.bytes_done / progress.bytes_total) * 100)));
}

/** A licence that forbids commercial use: pictures made with the model may not be sold or used in business. */
export function forbidsCommercialUse(licence: ModelLicence | undefined | null): boolean {
  return licence?.commercial_use === false;
}

export interface DefaultOption {
  value: string;
  /** A model; "" automatic; "none" no image check (safety only); a saved choice no worker offers now. */
  role: 'model' | 'automatic' | 'none' | 'unavailable';
  /** The model's title; for automatic, the model the workers pick when that is known. */
  title?: string;
}

/**
 * The choices of one kind's default selector: automatic (""; named after the model the workers pick when
 * that is known), every installed model of the kind, "none" for the image check, and the saved choice
 * when no worker offers it any more (so the selector never silently shows something else).
 */
export function defaultOptions(
  kind: ModelKind,
  installed: readonly ModelInfo[],
  defaults: ModelDefaults,
): DefaultOption[] {
  const ofKind = installed.filter((model) => model.kind === kind);
  const saved = defaults[kind] ?? '';
  const automaticTitle = saved === '' ? ofKind.find((model) => model.default)?.title : undefined;
  const options: DefaultOption[] = [
    { value: '', role: 'automatic', ...(automaticTitle ? { title: automaticTitle } : {}) },
    ...ofKind.map((model): DefaultOption => ({ value: model.name, role: 'model', title: model.title })),
  ];
  if (kind === 'safety') options.push({ value: 'none', role: 'none' });
  if (saved !== '' && !options.some((option) => option.value === saved)) {
    options.push({ value: saved, role: 'unavailable' });
  }
  return options;
}

/**
 * What the "install from Hugging Face" field sends: "hf:owner/name@revision" as typed, "owner/name@rev"
 * with the prefix added; null when it is not a repository reference.
 */
export function huggingFaceReference(input: string): string | null {
  const text = input.trim().replace(/^hf:/i, '');
  if (!/^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*(@[\w.-]+)?$/.test(text)) return null;
  return `hf:${text}`;
}

/** Installed models in the order the page lists them: by kind, the default first, then by title. */
export function sortInstalled(models: readonly ModelInfo[]): ModelInfo[] {
  const kindOrder: Record<ModelKind, number> = { generate: 0, upscale: 1, safety: 2 };
  return [...models].sort(
    (a, b) =>
      kindOrder[a.kind] - kindOrder[b.kind] ||
      Number(b.default) - Number(a.default) ||
      a.title.localeCompare(b.title),
  );
}

/**
 * A catalogue entry's time on a device, in seconds, and what it is per: the catalogue gives generate
 * models seconds per image, upscale models milliseconds per output megapixel, and the image check
 * milliseconds per image.
 */
export function catalogueTiming(
  entry: Pick<CatalogueModel, 'kind'>,
  value: number | undefined,
): { seconds: number; per: 'image' | 'megapixel' } | null {
  if (!value || value <= 0) return null;
  if (entry.kind === 'generate') return { seconds: value, per: 'image' };
  return { seconds: value / 1000, per: entry.kind === 'upscale' ? 'megapixel' : 'image' };
}
