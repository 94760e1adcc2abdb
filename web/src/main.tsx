import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
// A pre-rendered page (scripts/prerender.ts) is hydrated: React takes over the markup already on screen
// instead of drawing it again, in short slices, so the page stays responsive meanwhile and nothing is laid
// out twice. The build-time render knew nothing of this visitor, so what differs for them (a phone's
// folded navigation, a stored session or cookie choice) shows one render later (components/hydration.tsx).
// An address with a query (?prompt=…, ?contact=…) starts from different state than its pre-rendered page:
// it renders afresh, as does every page that is not pre-rendered (its #root is empty).
const container = document.getElementById('root')!;
const hydrate = container.firstElementChild !== null && window.location.search === '';
const app = (
  <StrictMode>
    <App hydrating={hydrate} />
  </StrictMode>
);

Promise.all([setupI18n(initialLocale), preloadPageFor(window.location.pathname)]).then(() => {
  // Both as a transition: React then works in short slices, yielding to taps and scrolling in between.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app, { onRecoverableError: reportHydrationMismatch });
    else createRoot(container).render(app);
  });
  void registerOfflineWorker();
});

/** A mismatch is recovered (React renders that part afresh) but means a slower start: told to the console,
 * where the browser tests look for it. */
function reportHydrationMismatch(error: unknown): void {
  console.error('Pictura: the pre-rendered page did not match the app', error);
}
