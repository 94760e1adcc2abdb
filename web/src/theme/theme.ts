// Dark and light theme (spec 3: local storage `theme` = dark | light). Without a stored choice the
// system preference decides. Applied to <html data-theme> before the first render, so nothing flashes.
export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';

const THEME_COLORS: Record<Theme, string> = { dark: '#0b0d14', light: '#f6f7fb' };

export function readStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

export function initialTheme(): Theme {
  const stored = readStoredTheme();
  if (stored) return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** Fired on window when the theme changes, so every control showing it (top bar, settings) agrees. */
export const THEME_CHANGED_EVENT = 'pictura:themechange';

/** The theme the page shows now. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
  window.dispatchEvent(new Event(THEME_CHANGED_EVENT));
}

export function subscribeTheme(onChange: () => void): () => void {
  window.addEventListener(THEME_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(THEME_CHANGED_EVENT, onChange);
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {}
}
