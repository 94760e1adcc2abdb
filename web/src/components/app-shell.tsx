// The frame around every page (spec 2 "Shell"): top bar, side navigation, mobile drawer, sign-in modal,
// cookie banner, toasts, the startup loading overlay, and the footer.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { AuthProvider, useAuth } from '../auth/auth-context.tsx';
import { UpdateNotice } from '../offline/update-notice.tsx';
import { RouteMeta } from '../seo/route-meta.tsx';
import { useAnchorScrolling } from './anchor-scroll.ts';
import { useHydrated } from './hydration.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { CookieBanner } from './shell/cookie-banner.tsx';
import { LoadingOverlay } from './shell/loading-overlay.tsx';
import { MaintenanceBanner } from './shell/maintenance-banner.tsx';
import { SideNav } from './shell/side-nav.tsx';
import { SiteFooter } from './shell/site-footer.tsx';
import { TopBar } from './shell/top-bar.tsx';
import { NARROW_QUERY, useSideNav } from './shell/use-side-nav.ts';
import { ToastProvider } from './toast.tsx';
import './app-shell.css';
import './shell/shell.css';

// Opened on demand, so their code is fetched only then.
const MobileDrawer = lazy(() => import('./shell/mobile-drawer.tsx'));
const SignInModal = lazy(() => import('./shell/sign-in-modal.tsx'));

/** The shell's classes; a page rendered at build time (and the browser's hydration of it) is marked, so
 * phone-width CSS can fold its navigation before the app has taken over (shell.css). */
function shellClass(collapsed: boolean, hydrated: boolean): string {
  const classes = ['app-shell'];
  if (collapsed) classes.push('app-shell--nav-collapsed');
  if (!hydrated) classes.push('app-shell--prerendered');
  return classes.join(' ');
}

export function AppShell() {
  return (
    <ToastProvider>
      <AuthProvider>
        <ShellLayout />
      </AuthProvider>
    </ToastProvider>
  );
}

function ShellLayout() {
  const { t } = useTranslation();
  const { checking, signInOpen } = useAuth();
  const location = useLocation();
  const sideNav = useSideNav();
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useAnchorScrolling();

  // Tells tests (and anything else) that the app has taken over from the pre-rendered HTML, with this
  // visitor's state in place.
  useEffect(() => {
    if (hydrated) (window as { __picturaReady?: boolean }).__picturaReady = true;
  }, [hydrated]);

  // A new page starts at the top, unless it names an anchor (handled by useAnchorScrolling).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per page change, on purpose
  useEffect(() => {
    if (!location.hash) window.scrollTo({ top: 0 });
  }, [location.pathname]);

  const foldOnNarrow = useCallback(() => {
    if (window.matchMedia(NARROW_QUERY).matches) sideNav.collapse();
  }, [sideNav.collapse]);

  return (
    <div className={shellClass(sideNav.collapsed, hydrated)}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <TopBar drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
      <div className="app-shell__body">
        <SideNav collapsed={sideNav.collapsed} onToggle={sideNav.toggle} onNavigate={foldOnNarrow} />
        {sideNav.collapsed ? null : (
          <div className="side-nav-scrim" aria-hidden="true" onClick={sideNav.toggle} />
        )}
        <div className="app-shell__content">
          <MaintenanceBanner />
          <main id="main-content" className="app-shell__main" tabIndex={-1}>
            <PageErrorBoundary>
              <Suspense fallback={<div className="page-loading" aria-hidden="true" />}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </main>
          <SiteFooter />
        </div>
      </div>
      <Suspense fallback={null}>
        {drawerOpen ? <MobileDrawer onClose={closeDrawer} /> : null}
        {signInOpen ? <SignInModal /> : null}
      </Suspense>
      <CookieBanner />
      <UpdateNotice />
      <RouteMeta />
      {checking ? <LoadingOverlay /> : null}
    </div>
  );
}
