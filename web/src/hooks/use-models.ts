import { useQuery } from '@tanstack/react-query';
import { fetchModels, type ModelInfo, type ModelKind } from '../api/models.ts';
import { queryKeys } from './query-keys.ts';

// The list changes only when an administrator installs or removes a model (the admin Models page then
// refreshes it), so a visitor keeps it for a few minutes rather than asking on every page.
const MODELS_STALE_MS = 5 * 60_000;

/** Every model the workers offer (GET /api/models), all kinds. */
export function useAllModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: ({ signal }) => fetchModels(signal),
    staleTime: MODELS_STALE_MS,
  });
}

/** The models of one kind. */
export function useModels(kind: ModelKind) {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: ({ signal }) => fetchModels(signal),
    staleTime: MODELS_STALE_MS,
    select: (models: ModelInfo[]) => models.filter((model) => model.kind === kind),
  });
}
