import { useTranslation } from 'react-i18next';
import { LogoMark } from '../icons.tsx';

/** Shown while the startup auth check runs (only when a stored token has to be checked). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-transient="">
      <LogoMark className="loading-overlay__logo" width={48} height={48} />
      <span className="spinner" aria-hidden="true" />
      <span className="loading-overlay__text">{t('shell.loading')}</span>
    </div>
  );
}
