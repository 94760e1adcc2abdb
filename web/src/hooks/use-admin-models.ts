// The admin Models page's data: installed models, the catalogue, tasks and defaults, polled about once a
// second while an install or removal waits or runs, and the actions that start tasks or set a default.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type AdminModels,
  fetchAdminModels,
  installModel,
  type ModelKind,
  type ModelTask,
  removeModel,
  saveModelDefault,
} from '../api/models.ts';
import { finishedSince, SETTLE_MS, shouldPoll, TASK_POLL_MS } from '../pages/admin/models-model.ts';
import { queryKeys } from './query-keys.ts';

export function useAdminModels() {
  const client = useQueryClient();
  const settleUntil = useRef(0);
  const query = useQuery({
    queryKey: queryKeys.adminModels,
    retry: 1,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<AdminModels>(queryKeys.adminModels)?.tasks ?? [];
      const data = await fetchAdminModels(signal);
      // A task has just ended: keep polling until the workers offer the change. Set here, before the
      // next interval is chosen from this answer.
      if (finishedSince(before, data.tasks).length > 0) settleUntil.current = Date.now() + SETTLE_MS;
      return data;
    },
    refetchInterval: (current) =>
      shouldPoll(current.state.data, settleUntil.current, Date.now()) ? TASK_POLL_MS : false,
  });

  // What the workers offer changed: the generator, the upscaler and the settings page read that list.
  const offered = query.data?.installed.map((model) => `${model.name}:${model.default}`).join(',');
  const previousOffered = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (offered === undefined) return;
    if (previousOffered.current !== undefined && previousOffered.current !== offered)
      void client.invalidateQueries({ queryKey: queryKeys.models });
    previousOffered.current = offered;
  }, [offered, client]);

  return query;
}

/** Puts a new task into the cached page at once, so polling starts without waiting for a refetch. */
function withTask(data: AdminModels | undefined, task: ModelTask): AdminModels | undefined {
  if (!data) return data;
  return { ...data, tasks: [task, ...data.tasks.filter((other) => other.model !== task.model)] };
}

export function useInstallModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => installModel(model),
    onSuccess: (task) => {
      client.setQueryData<AdminModels>(queryKeys.adminModels, (data) => withTask(data, task));
      return client.invalidateQueries({ queryKey: queryKeys.adminModels });
    },
  });
}

export function useRemoveModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => removeModel(name),
    onSuccess: (task) => {
      client.setQueryData<AdminModels>(queryKeys.adminModels, (data) => withTask(data, task));
      return client.invalidateQueries({ queryKey: queryKeys.adminModels });
    },
  });
}

export function useSaveModelDefault() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, model }: { kind: ModelKind; model: string }) => saveModelDefault(kind, model),
    onSuccess: async (defaults) => {
      client.setQueryData<AdminModels>(queryKeys.adminModels, (data) =>
        data ? { ...data, defaults } : data,
      );
      // Which model is "default" changes for everyone, and the settings page shows the generate default.
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.adminModels }),
        client.invalidateQueries({ queryKey: queryKeys.models }),
        client.invalidateQueries({ queryKey: queryKeys.adminSettings }),
      ]);
    },
  });
}
