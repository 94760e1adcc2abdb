// A page that throws while rendering, or whose chunk cannot be fetched (a new release replaced it, the
// network dropped), shows this message inside the shell instead of taking the whole app down. Moving to
// another address clears it.
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import './page-message.css';

interface BoundaryState {
  failed: boolean;
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function PageError() {
  const { t } = useTranslation();
  return (
    <div className="page-message" role="alert">
      <h1 className="page-message__heading">{t('pageError.heading')}</h1>
      <p className="page-message__text">{t('pageError.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('pageError.reload')}
      </button>
    </div>
  );
}

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname} fallback={<PageError />}>
      {children}
    </Boundary>
  );
}
