import { useQuery } from '@tanstack/react-query';
import { fetchPublicSettings } from '../api/settings.ts';
import { queryKeys } from './query-keys.ts';

/** The public system settings, refreshed every few minutes so an admin's change reaches open pages. */
export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => fetchPublicSettings(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
