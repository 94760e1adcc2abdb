// "A new version is available": Refresh hands over to the new offline worker and reloads; Later hides the
// notice for the rest of the browser session (session storage `sw_update_dismissed`).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale.ts';
import {
  applyUpdate,
  dismissUpdate,
  isUpdateDismissed,
  isUpdateWaiting,
  subscribeOfflineWorker,
} from './register-offline-worker.ts';
import { UPDATE_NOTICE_TEXTS } from './update-notice-texts.ts';
import './update-notice.css';

const shouldShow = () => isUpdateWaiting() && !isUpdateDismissed();

export function UpdateNotice() {
  const visible = useSyncExternalStore(subscribeOfflineWorker, shouldShow, () => false);
  const { i18n } = useTranslation();
  if (!visible) return null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const texts = UPDATE_NOTICE_TEXTS[isLocale(language) ? language : DEFAULT_LOCALE];

  return (
    <section className="update-notice" role="status" aria-live="polite" aria-label={texts.message}>
      <p className="update-notice__message">{texts.message}</p>
      <div className="update-notice__actions">
        <button type="button" className="update-notice__button" onClick={dismissUpdate}>
          {texts.later}
        </button>
        <button
          type="button"
          className="update-notice__button update-notice__button--primary"
          onClick={applyUpdate}
        >
          {texts.refresh}
        </button>
      </div>
    </section>
  );
}
