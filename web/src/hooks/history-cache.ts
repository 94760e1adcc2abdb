// Edits of the cached history pages (favourite toggles, deletes), so every open list agrees at once.
import type { InfiniteData } from '@tanstack/react-query';
import type { HistoryItem, HistoryPage } from '../api/history.ts';

export type HistoryPages = InfiniteData<HistoryPage>;

function mapItems(data: HistoryPages, edit: (items: HistoryItem[]) => HistoryItem[]): HistoryPages {
  // Every query under ['history', user] holds pages of items; anything else is left as it is.
  if (!Array.isArray(data.pages)) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      Array.isArray(page?.items) ? { ...page, items: edit(page.items) } : page,
    ),
  };
}

/**
 * The item's favourite flag set in a cached list. A favourites-only list drops an item that is no longer a
 * favourite (it would not be listed); an item newly favourited is left for that list's next fetch.
 */
export function withFavorite(
  data: HistoryPages | undefined,
  id: string,
  favorite: boolean,
  favoritesOnly: boolean,
): HistoryPages | undefined {
  if (!data) return data;
  return mapItems(data, (items) =>
    favoritesOnly && !favorite
      ? items.filter((item) => item.id !== id)
      : items.map((item) => (item.id === id ? { ...item, favorite } : item)),
  );
}

/** The cached list without the deleted items. */
export function withoutItems(
  data: HistoryPages | undefined,
  ids: ReadonlySet<string>,
): HistoryPages | undefined {
  if (!data) return data;
  return mapItems(data, (items) => items.filter((item) => !ids.has(item.id)));
}

/** Every item of the loaded pages, in order, each once (a page boundary never repeats an item). */
export function loadedItems(data: HistoryPages | undefined): HistoryItem[] {
  const seen = new Set<string>();
  const items: HistoryItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
