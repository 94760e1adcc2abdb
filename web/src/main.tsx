import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPageFor } from './app.tsx';
import { resolveLocale } from './i18n/locale.ts';
import { browserLanguages, readStoredLocale } from './i18n/locale-storage.ts';
import { setupI18n } from './i18n/setup.ts';
import { registerOfflineWorker } from './offline/register-offline-worker.ts';
import { applyTheme, initialTheme } from './theme/theme.ts';
import './styles/global.css';

applyTheme(initialTheme());

const initialLocale = resolveLocale({
  pathname: window.location.pathname,
  storedLocale: readStoredLocale(),
  browserLanguages: browserLanguages(),
});

// Render once the first locale's messages and the first page are in: no untranslated keys, no blank frame.
// The first render is a transition: React builds the page in short slices, so the pre-rendered page
// stays responsive to taps and scrolling meanwhile, and swaps in when the whole tree is ready.
// createRoot, not hydrateRoot: the pre-rendered page is a first visit on a wide screen (scripts/prerender.ts),
// and hydrating it was measured to mismatch (React error 418, the whole root rendered again) for a phone
// (side navigation folded) and for any visitor with a stored choice (theme, cookie consent, a session).
Promise.all([setupI18n(initialLocale), preloadPageFor(window.location.pathname)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  void registerOfflineWorker();
});
