import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app.tsx';
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

/** Resolves once the first route's page chunk is in, so React replaces the pre-rendered page in one step. */
function firstRouteLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// Render once the first locale's messages and the first page are in: no untranslated keys, no blank frame.
Promise.all([setupI18n(initialLocale), firstRouteLoaded()]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void registerOfflineWorker();
});
