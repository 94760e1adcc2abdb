// The concept names of Pictura Scenes in one language (/scene-names/<locale>.json: English name → name in
// that language), served as static files beside the app.
import type { Locale } from '../i18n/locale.ts';

export type SceneNames = Readonly<Record<string, string>>;

/**
 * The names for a locale; an empty map when there is no file for it or it cannot be read (the names then
 * stay English). The server answers an unknown path with the app's index.html, so only JSON counts.
 */
export async function fetchSceneNames(locale: Locale, signal?: AbortSignal): Promise<SceneNames> {
  try {
    const response = await fetch(`/scene-names/${encodeURIComponent(locale)}.json`, { signal });
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return {};
    const body: unknown = await response.json();
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return {};
  }
}
