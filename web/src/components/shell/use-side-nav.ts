// The side navigation's collapsed state (spec 2 and 3: local storage `sideNavCollapsed`): remembered when
// toggled, and collapsed at start whenever the window is narrower than 768 px.
import { useCallback, useState } from 'react';
import { useHydrated } from '../hydration.tsx';

export const SIDE_NAV_KEY = 'sideNavCollapsed';
export const NARROW_QUERY = '(max-width: 767.98px)';

export function initialCollapsed(narrow: boolean, stored: string | null): boolean {
  if (narrow) return true;
  return stored === 'true';
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(SIDE_NAV_KEY);
  } catch {
    return null;
  }
}

export function useSideNav(): { collapsed: boolean; toggle: () => void; collapse: () => void } {
  const hydrated = useHydrated();
  const [collapsed, setCollapsed] = useState(() =>
    // No window when the page is pre-rendered at build time: a wide screen, nothing stored.
    initialCollapsed(typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches, readStored()),
  );
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      try {
        window.localStorage.setItem(SIDE_NAV_KEY, String(!current));
      } catch {}
      return !current;
    });
  }, []);
  const collapse = useCallback(() => setCollapsed(true), []);
  // Until hydrated, the build-time state (open), which phone-width CSS folds on a pre-rendered page.
  return { collapsed: hydrated && collapsed, toggle, collapse };
}
