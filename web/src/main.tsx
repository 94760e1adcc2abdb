import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { resolveLocale } from './i18n/locale.ts';
import { browserLanguages, readStoredLocale } from './i18n/locale-storage.ts';
import { setupI18n } from './i18n/setup.ts';
import './styles/global.css';

const initialLocale = resolveLocale({
  pathname: window.location.pathname,
  storedLocale: readStoredLocale(),
  browserLanguages: browserLanguages(),
});

// Render once the first locale's messages are in, so the page never flashes untranslated keys.
setupI18n(initialLocale).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
