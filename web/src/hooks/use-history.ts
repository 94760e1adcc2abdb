import { type QueryKey, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteHistoryItem,
  deleteHistoryItems,
  fetchHistory,
  type HistoryPage,
  type HistoryTab,
  setHistoryFavorite,
} from '../api/history.ts';
import { type HistoryPages, withFavorite, withoutItems } from './history-cache.ts';
import { queryKeys } from './query-keys.ts';

export const HISTORY_PAGE_SIZE = 24;

export interface HistoryListFilter {
  type: HistoryTab;
  favorite: boolean;
  /** Prompt text, already trimmed; empty for no search. */
  q: string;
}

/** One tab of the history, page by page (infinite scroll): pass the last page's next_cursor on. */
export function useHistoryList(userId: number, filter: HistoryListFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.historyList(userId, filter),
    queryFn: ({ pageParam, signal }) =>
      fetchHistory(
        {
          type: filter.type,
          favorite: filter.favorite,
          q: filter.q,
          cursor: pageParam || undefined,
          limit: HISTORY_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last: HistoryPage) => last.next_cursor ?? undefined,
    // While a new search or filter loads, the same tab's current list stays (dimmed) instead of a blank.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === filter.type ? previous : undefined,
  });
}

/** The key's favourites flag: historyList keys are ['history', userId, type, favorite, q]. */
function isFavoritesOnly(key: QueryKey): boolean {
  return key[3] === true;
}

/**
 * Favourite on or off, shown at once in every cached list (optimistic); a failure puts the lists back
 * and the caller tells the user. Favourites-only lists fetch again when next shown.
 */
export function useToggleFavorite(userId: number) {
  const queryClient = useQueryClient();
  const scope = queryKeys.history(userId);
  return useMutation({
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) => setHistoryFavorite(id, favorite),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: scope });
      const before = queryClient.getQueriesData<HistoryPages>({ queryKey: scope });
      for (const [key, data] of before) {
        queryClient.setQueryData(key, withFavorite(data, id, favorite, isFavoritesOnly(key)));
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope, refetchType: 'none' }),
  });
}

/** Deletes one item or several (after the user confirmed), then drops them from every cached list. */
export function useDeleteHistory(userId: number) {
  const queryClient = useQueryClient();
  const scope = queryKeys.history(userId);
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1 ? deleteHistoryItem(ids[0]!) : deleteHistoryItems(ids),
    onSuccess: async (_result, ids) => {
      await queryClient.cancelQueries({ queryKey: scope });
      const gone = new Set(ids);
      for (const [key, data] of queryClient.getQueriesData<HistoryPages>({ queryKey: scope })) {
        queryClient.setQueryData(key, withoutItems(data, gone));
      }
      await queryClient.invalidateQueries({ queryKey: scope, refetchType: 'none' });
    },
  });
}
