// The history calls (GET /api/history and friends): a signed-in user's generated and upscaled images.
import type { ImageScene } from '@pictura/common/scene';
import { requestJson } from './http.ts';

export type HistoryTab = 'generated' | 'upscaled';

export interface HistoryImage {
  /** /files/<key> */
  url: string;
  width: number;
  height: number;
  seed: number;
  /** May not suit public viewing. */
  flagged: boolean;
  /** What Pictura Scenes drew for this image; null for other models and older items. */
  scene?: ImageScene | null;
}

export interface HistoryItem {
  id: string;
  /** The job that made it: the generator's "publish" action names the job. */
  job_id: string;
  type: HistoryTab;
  prompt: string;
  negative_prompt: string;
  model: string;
  /** The request options: aspect_ratio, style, color, lighting, composition, ... */
  options: Record<string, unknown>;
  images: HistoryImage[];
  /** What Pictura Scenes drew for the first image; null for other models, upscales and older items. */
  scene?: ImageScene | null;
  favorite: boolean;
  /** Ultimate's private generation: never published, never shown to others. */
  private: boolean;
  created_at: string;
}

export interface HistoryPage {
  items: HistoryItem[];
  next_cursor: string | null;
}

export interface HistoryFilter {
  type: HistoryTab;
  favorite?: boolean;
  q?: string;
  cursor?: string;
  limit?: number;
}

export function fetchHistory(filter: HistoryFilter, signal?: AbortSignal): Promise<HistoryPage> {
  const params = new URLSearchParams({ type: filter.type });
  if (filter.favorite) params.set('favorite', 'true');
  if (filter.q) params.set('q', filter.q);
  if (filter.cursor) params.set('cursor', filter.cursor);
  if (filter.limit) params.set('limit', String(filter.limit));
  return requestJson<HistoryPage>(`/api/history?${params}`, { signal });
}

export interface DeletedResult {
  success: boolean;
  /** How many items were deleted. */
  deleted: number;
}

/** PUT (on) or DELETE (off) /api/history/:id/favorite; answers the item as it now is. */
export function setHistoryFavorite(id: string, favorite: boolean): Promise<HistoryItem> {
  return requestJson<HistoryItem>(`/api/history/${encodeURIComponent(id)}/favorite`, {
    method: favorite ? 'PUT' : 'DELETE',
  });
}

export function deleteHistoryItem(id: string): Promise<DeletedResult> {
  return requestJson<DeletedResult>(`/api/history/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The gateway takes at most this many ids per bulk delete. */
export const MAX_BULK_DELETE = 100;

/** POST /api/history/delete; more ids than one call takes go in several calls. Ids not yours are skipped. */
export async function deleteHistoryItems(ids: readonly string[]): Promise<DeletedResult> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += MAX_BULK_DELETE) {
    const result = await requestJson<DeletedResult>('/api/history/delete', {
      method: 'POST',
      body: JSON.stringify({ ids: ids.slice(start, start + MAX_BULK_DELETE) }),
    });
    deleted += result.deleted;
  }
  return { success: true, deleted };
}
