import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { HistoryTab } from '../../api/history.ts';
import { isHistoryTab } from './history-model.ts';

export interface HistoryParams {
  tab: HistoryTab;
  favorite: boolean;
  q: string;
}

/**
 * The tab, the favourites filter and the search live in the address (?tab=upscaled&favorites=1&q=fox),
 * so a reload, the back button or a shared link shows the same list. Updates replace the entry.
 */
export function useHistoryParams(): HistoryParams & { update: (change: Partial<HistoryParams>) => void } {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: HistoryTab = isHistoryTab(tabParam) ? tabParam : 'generated';
  const favorite = params.get('favorites') === '1';
  const q = (params.get('q') ?? '').trim();

  const update = useCallback(
    (change: Partial<HistoryParams>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (change.tab !== undefined) {
            if (change.tab === 'generated') next.delete('tab');
            else next.set('tab', change.tab);
          }
          if (change.favorite !== undefined) {
            if (change.favorite) next.set('favorites', '1');
            else next.delete('favorites');
          }
          if (change.q !== undefined) {
            if (change.q) next.set('q', change.q);
            else next.delete('q');
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { tab, favorite, q, update };
}
