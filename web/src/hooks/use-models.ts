import { useQuery } from '@tanstack/react-query';
import { fetchModels, type ModelInfo } from '../api/upload.ts';
import { queryKeys } from './query-keys.ts';

/** The models of one kind from GET /api/models; the list rarely changes, so it is kept for the session. */
export function useModels(kind: ModelInfo['kind']) {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: ({ signal }) => fetchModels(signal),
    staleTime: Number.POSITIVE_INFINITY,
    select: (models) => models.filter((model) => model.kind === kind),
  });
}
