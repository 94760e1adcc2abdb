// The shell's view of who is signed in: a guest or a user, and the user's plan. Issue 8 extends this into
// the full state machine of spec 4; the shell needs the startup check, sign-in, logout and the modal.
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
import {
  AUTH_CHECK_TIMEOUT_MS,
  fetchSubscriptions,
  logout as logoutCall,
  type SessionUser,
} from '../api/auth.ts';
import { ApiError, UNAUTHORIZED_EVENT } from '../api/http.ts';
import { useToast } from '../components/toast.tsx';
import { queryKeys } from '../hooks/query-keys.ts';
import { localizedPath, pathLocale } from '../i18n/locale.ts';
import {
  type AuthCheckResult,
  checkAuth,
  isAdminUser,
  type PlanType,
  planFromSubscriptions,
} from './auth-check.ts';
import {
  clearSession,
  readCachedUser,
  readToken,
  storeCachedUser,
  storeSession,
  takeRedirectAfterLogin,
} from './auth-storage.ts';
import { safeRedirectPath } from './redirect-path.ts';

const AUTH_RETRY_MS = 300;
/** Pages where a 401 must not open the sign-in modal (spec 4). */
const NO_LOGIN_PROMPT = /\/(payment|subscription)\/success$/;

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
  logout: () => Promise<void>;
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
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  // Startup (spec 4): a stored token is checked; without one the visitor is a guest at once.
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    let cancelled = false;
    const apply = (result: AuthCheckResult) => {
      if (result.kind === 'authenticated') {
        storeCachedUser(result.user);
        setUser(result.user);
      } else if (result.kind === 'rejected') {
        clearSession();
        setUser(null);
      } else if (result.kind === 'network') {
        setUser(readCachedUser());
      }
      // timeout: the state is kept.
    };
    (async () => {
      let result = await checkAuth(token, AUTH_CHECK_TIMEOUT_MS);
      if (result.kind === 'timeout' || result.kind === 'network') {
        await new Promise((resolve) => setTimeout(resolve, AUTH_RETRY_MS));
        if (cancelled) return;
        result = await checkAuth(token, AUTH_CHECK_TIMEOUT_MS);
      }
      if (cancelled) return;
      apply(result);
      setChecking(false);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const subscriptions = useQuery({
    queryKey: queryKeys.subscriptions(user?.id ?? 0),
    queryFn: ({ signal }) => fetchSubscriptions(signal),
    enabled: user !== null,
    // A server without the billing routes answers 404: the user is then simply on the free plan.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
  const plan: PlanType = user && subscriptions.data ? planFromSubscriptions(subscriptions.data) : 'free';

  const signOutLocally = useCallback(() => {
    clearSession();
    setUser(null);
  }, []);

  // Any 401 logs out and opens the sign-in modal, except on the payment and subscription success pages.
  useEffect(() => {
    const onUnauthorized = () => {
      if (readToken()) signOutLocally();
      if (!NO_LOGIN_PROMPT.test(pathnameRef.current)) setSignInOpen(true);
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

  const logout = useCallback(async () => {
    await logoutCall().catch(() => undefined);
    signOutLocally();
    toast('success', t('auth.loggedOut'));
  }, [signOutLocally, toast, t]);

  const value = useMemo<AuthState>(
    () => ({
      checking,
      user,
      isAdmin: isAdminUser(user),
      plan,
      hasActiveSubscription: plan !== 'free',
      showsUpgrades: plan === 'free',
      signInOpen,
      openSignIn: () => setSignInOpen(true),
      closeSignIn: () => setSignInOpen(false),
      completeSignIn,
      logout,
    }),
    [checking, user, plan, signInOpen, completeSignIn, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
