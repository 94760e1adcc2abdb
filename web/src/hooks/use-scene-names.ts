import { useQuery } from '@tanstack/react-query';
import { fetchSceneNames, type SceneNames } from '../api/scene-names.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { queryKeys } from './query-keys.ts';

const NO_NAMES: SceneNames = {};

/**
 * Pictura Scenes' concept names in the reader's language, fetched once per locale and kept for the visit
 * (the file changes only with a release). Until it arrives, or without one, the names are English.
 */
export function useSceneNames(): SceneNames {
  const locale = useLocale();
  const names = useQuery({
    queryKey: queryKeys.sceneNames(locale),
    queryFn: ({ signal }) => fetchSceneNames(locale, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return names.data ?? NO_NAMES;
}
