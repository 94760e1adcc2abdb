// Who is signed in: a guest or a user, and the user's plan (spec 3 and 4). The startup check and its
// rules live in startup-auth.ts; this provider applies them and offers sign-in, logout and the modal.
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { fetchSubscriptions, logout as logoutCall, type SessionUser } from '../api/auth.ts';
import { ApiError, UNAUTHORIZED_EVENT } from '../api/http.ts';
import { useHydrated } from '../components/hydration.tsx';
import { useToast } from '../components/toast.tsx';
import { queryKeys } from '../hooks/query-keys.ts';
import { localizedPath, pathLocale } from '../i18n/locale.ts';
import { checkAuth, isAdminUser, type PlanType, planFromSubscriptions } from './auth-check.ts';
import {
  clearSession,
  readCachedUser,
  readToken,
  storeCachedUser,
  storeSession,
  takeRedirectAfterLogin,
} from './auth-storage.ts';
import { safeRedirectPath } from './redirect-path.ts';
import { checkSession, type SessionOutcome, unauthorizedResponse } from './startup-auth.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AuthState {
  /** True while the startup check runs (the loading overlay shows). */
  checking: boolean;
  user: SessionUser | null;
  isAdmin: boolean;
  plan: PlanType;
  hasActiveSubscription: boolean;
  /** Guests and free users see upgrade prompts and house ads; paid plans never do. */
  showsUpgrades: boolean;
  signInOpen: boolean;
  openSignIn: () => void;
  closeSignIn: () => void;
  /** Stores the session from a login, registration or Google sign-in and follows a pending redirect
   * (true when it did). */
  completeSignIn: (token: string, user: SessionUser) => boolean;
  /** The server's newer copy of the signed-in user (after a profile change). */
  updateUser: (user: SessionUser) => void;
  /** Checks a stored token again (a guard does before turning a visitor away); true when signed in. */
  recheck: () => Promise<boolean>;
  logout: () => Promise<void>;
  /** Forgets the session here without asking the server (the account is gone). */
  endSession: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<SessionUser | null>(() => (readToken() ? readCachedUser() : null));
  const [checking, setChecking] = useState(() => readToken() !== null);
  const [signInOpen, setSignInOpen] = useState(false);
  // A pre-rendered page was drawn for a guest: the stored session shows once the app has taken over.
  const hydrated = useHydrated();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  const applyOutcome = useCallback((outcome: SessionOutcome) => {
    if (outcome.kind === 'signedIn') {
      if (!outcome.fromCache) storeCachedUser(outcome.user);
      setUser(outcome.user);
    } else if (outcome.kind === 'signedOut') {
      clearSession();
      setUser(null);
    }
    // unchanged (a time-out): the state is kept.
  }, []);

  // Startup (spec 4): a stored token is checked; without one the visitor is a guest at once.
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    let cancelled = false;
    checkSession(token, { check: checkAuth, readCachedUser, wait, cancelled: () => cancelled }).then(
      (outcome) => {
        if (cancelled) return;
        applyOutcome(outcome);
        setChecking(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [applyOutcome]);

  const recheck = useCallback(async () => {
    const token = readToken();
    if (!token) return false;
    setChecking(true);
    const outcome = await checkSession(token, { check: checkAuth, readCachedUser, wait });
    applyOutcome(outcome);
    setChecking(false);
    return outcome.kind === 'signedIn';
  }, [applyOutcome]);

  const subscriptions = useQuery({
    queryKey: queryKeys.subscriptions(user?.id ?? 0),
    queryFn: ({ signal }) => fetchSubscriptions(signal),
    enabled: user !== null,
    // A server without the billing routes answers 404: the user is then simply on the free plan.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
  const shownUser = hydrated ? user : null;
  const shownChecking = hydrated && checking;
  const plan: PlanType = shownUser && subscriptions.data ? planFromSubscriptions(subscriptions.data) : 'free';

  const signOutLocally = useCallback(() => {
    clearSession();
    setUser(null);
  }, []);

  // Any 401 logs out and opens the sign-in modal, except on the payment and subscription success pages.
  useEffect(() => {
    const onUnauthorized = () => {
      const response = unauthorizedResponse(pathnameRef.current, readToken() !== null);
      if (response.signOut) signOutLocally();
      if (response.openSignIn) setSignInOpen(true);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [signOutLocally]);

  const completeSignIn = useCallback(
    (token: string, signedIn: SessionUser) => {
      storeSession(token, signedIn);
      setUser(signedIn);
      setSignInOpen(false);
      const target = safeRedirectPath(takeRedirectAfterLogin());
      if (!target) return false;
      const locale = pathLocale(pathnameRef.current) ?? 'en';
      navigate(pathLocale(target) ? target : localizedPath(locale, target));
      return true;
    },
    [navigate],
  );

  const updateUser = useCallback((updated: SessionUser) => {
    if (!readToken()) return;
    storeCachedUser(updated);
    setUser(updated);
  }, []);

  const logout = useCallback(async () => {
    await logoutCall().catch(() => undefined);
    signOutLocally();
    toast('success', t('auth.loggedOut'));
  }, [signOutLocally, toast, t]);

  const value = useMemo<AuthState>(
    () => ({
      checking: shownChecking,
      user: shownUser,
      isAdmin: isAdminUser(shownUser),
      plan,
      hasActiveSubscription: plan !== 'free',
      showsUpgrades: plan === 'free',
      signInOpen,
      openSignIn: () => setSignInOpen(true),
      closeSignIn: () => setSignInOpen(false),
      completeSignIn,
      updateUser,
      recheck,
      logout,
      endSession: signOutLocally,
    }),
    [shownChecking, shownUser, plan, signInOpen, completeSignIn, updateUser, recheck, logout, signOutLocally],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
