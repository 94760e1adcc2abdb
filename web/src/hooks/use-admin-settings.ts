// The system settings form: read what jobs stores, save a change (applied without a restart).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSystemSettings, type SettingsUpdate, saveSystemSettings } from '../api/admin.ts';
import { queryKeys } from './query-keys.ts';

/** One retry: an admin would rather see a failure (with its own retry button) than wait through four. */
const ADMIN_RETRY = 1;

export function useSystemSettings() {
  return useQuery({
    queryKey: queryKeys.adminSettings,
    retry: ADMIN_RETRY,
    queryFn: ({ signal }) => fetchSystemSettings(signal),
  });
}

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) => saveSystemSettings(update),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.adminSettings, saved);
      // The maintenance banner and the tag limit every visitor reads.
      return client.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}
