// Smooth scrolling to in-page anchors with an 80 px offset (spec 2 and 9), for links within the page and
// for addresses that arrive with a #hash.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const ANCHOR_OFFSET_PX = 80;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToAnchor(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

export function useAnchorScrolling(): void {
  const location = useLocation();

  // An address with a hash: the target may render a moment later (lazy pages), so try a few frames.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page with the same hash scrolls again
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      if (scrollToAnchor(id) || ++frames > 60) return;
      handle = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [location.hash, location.pathname]);

  // Same-page links (<a href="#faq">): scroll smoothly and keep the address in step.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
      const href = link?.getAttribute('href');
      if (!href || href === '#' || link?.classList.contains('skip-link')) return;
      if (scrollToAnchor(decodeURIComponent(href.slice(1)))) {
        event.preventDefault();
        window.history.pushState(window.history.state, '', href);
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
