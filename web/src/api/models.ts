// The models: GET /api/models (every visitor: what generates, upscales and checks images), and the admin
// console's model manager (/api/admin/models): installed models, the catalogue, install and remove tasks
// that run on a worker, and the default model per kind.
import { requestJson } from './http.ts';

export type ModelKind = 'generate' | 'upscale' | 'safety';
export const MODEL_KINDS: readonly ModelKind[] = ['generate', 'upscale', 'safety'];

export interface ModelLicence {
  name: string;
  url: string;
  commercial_use: boolean;
}

/** How a generate model runs; negative_prompt is false when guidance is off (the negative prompt does nothing). */
export interface GenerateModelSettings {
  steps: number;
  guidance: number;
  width: number;
  height: number;
  fixed_size: boolean;
  negative_prompt: boolean;
}

export interface ModelInfo {
  name: string;
  kind: ModelKind;
  /** What users see; never show `name`. */
  title: string;
  description: string;
  builtin: boolean;
  /** The model a request of this kind gets when it names none. */
  default: boolean;
  // The fields below came with the model manager (issue 13); an older gateway leaves them out.
  licence?: ModelLicence;
  size_bytes?: number;
  /** "hf:owner/name@revision", "npm:package@version", "local" or "builtin". */
  source?: string;
  installed_at?: string | null;
  settings?: GenerateModelSettings | null;
  /** Upscale models: milliseconds per output megapixel on this server, for the time estimate. */
  ms_per_output_megapixel?: number | null;
}

export async function fetchModels(signal?: AbortSignal): Promise<ModelInfo[]> {
  const body = await requestJson<{ models: ModelInfo[] }>('/api/models', { signal });
  return body.models;
}

export interface CatalogueModel {
  id: string;
  kind: ModelKind;
  title: string;
  description: string;
  licence: ModelLicence;
  download_bytes: number;
  installed: boolean;
  settings: GenerateModelSettings | null;
  /** Seconds per image on CPU and GPU (upscale: per output megapixel), and memory in MB. */
  timing: { cpu?: number; gpu?: number; memory_mb?: number } | null;
}

export type ModelTaskState = 'waiting' | 'active' | 'completed' | 'failed';

export interface ModelTaskProgress {
  phase: 'download' | 'verify' | 'convert' | 'install' | 'remove';
  bytes_done: number;
  bytes_total: number;
  bytes_per_second: number;
  eta_seconds: number | null;
  file: string | null;
}

export interface ModelTask {
  model: string;
  action: 'install' | 'remove';
  state: ModelTaskState;
  progress: ModelTaskProgress | null;
  error: string | null;
  requested_at: string;
  finished_at: string | null;
}

/** The administrator's choices: "" = automatic; safety "none" = no image check. */
export type ModelDefaults = Record<ModelKind, string>;

export interface AdminModels {
  installed: ModelInfo[];
  catalogue: CatalogueModel[];
  tasks: ModelTask[];
  defaults: ModelDefaults;
}

export function fetchAdminModels(signal?: AbortSignal): Promise<AdminModels> {
  return requestJson<AdminModels>('/api/admin/models', { signal });
}

/** `model`: a catalogue id, or "hf:owner/name@revision". */
export async function installModel(model: string): Promise<ModelTask> {
  const body = await requestJson<{ task: ModelTask }>('/api/admin/models', {
    method: 'POST',
    body: JSON.stringify({ model }),
  });
  return body.task;
}

export async function removeModel(name: string): Promise<ModelTask> {
  const body = await requestJson<{ task: ModelTask }>(`/api/admin/models/${encodeURIComponent(name)}`, {
    method: 'DELETE',
  });
  return body.task;
}

export async function saveModelDefault(kind: ModelKind, model: string): Promise<ModelDefaults> {
  const body = await requestJson<{ defaults: ModelDefaults }>('/api/admin/models/defaults', {
    method: 'PUT',
    body: JSON.stringify({ kind, model }),
  });
  return body.defaults;
}
