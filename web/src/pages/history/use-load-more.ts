import { type RefObject, useEffect, useRef } from 'react';

/** Starts loading the next page this far before the end of the list comes into view. */
const LOOKAHEAD = '600px';

/**
 * Infinite scroll: calls `loadMore` whenever the sentinel element comes near the viewport while there is
 * more to load and nothing is loading. A sentinel that stays in view after a short page asks again.
 */
export function useLoadMore(
  sentinel: RefObject<HTMLElement | null>,
  { enabled, loadMore }: { enabled: boolean; loadMore: () => void },
): void {
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: `0px 0px ${LOOKAHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled]);
}
