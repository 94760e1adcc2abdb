// Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce, against a
// configurable issuer (Google by default; tests use a local oidc-provider). The finished sign-in is handed
// to the browser as a one-time code the gateway keeps in a short-lived HttpOnly cookie.
import { randomBytes } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import type { Logger } from '@pictura/common/logger';
import * as oidc from 'openid-client';
import type { AccountsService, SignInResult } from './accounts.service.ts';
import type { UserRow } from './db/schema.ts';
import type { OAuthRepository } from './sessions.repository.ts';
import type { UsersRepository } from './users.repository.ts';

export interface GoogleSignInSettings {
  issuer: string;
  clientId?: string;
  clientSecret?: string;
  /** How long the provider may take to send the browser back. */
  stateTtlMs: number;
  /** How long the browser has to collect its token after coming back. */
  handoffTtlMs: number;
}

export interface CompletedSignIn {
  handoffCode: string;
  locale: string;
  error: string;
  message: string;
}

// The spec's texts (section 8), which the browser shows as they are.
const MESSAGES = {
  no_code: 'No authorization code provided',
  invalid_response: 'Invalid server response',
  unknown: 'An unknown error occurred',
  denied: 'Login Failed',
};

const LOCALE = /^[a-z]{2}(-[A-Za-z]{2,4})?$/;
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export function createGoogleSignIn(deps: {
  settings: GoogleSignInSettings;
  oauth: OAuthRepository;
  users: UsersRepository;
  accounts: AccountsService;
  logger: Logger;
}) {
  const { settings } = deps;
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    if (!settings.clientId || !settings.clientSecret) {
      throw new AppError('failed_precondition', 'Google sign-in is not configured', 'oauth_not_configured');
    }
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      // Plain http only for an issuer on this machine (the test stand-in); Google is always https.
      const execute = issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
      discovered = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, { execute });
      discovered.catch(() => {
        discovered = undefined;
      });
    }
    return discovered.catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'OpenID provider discovery failed');
      throw new AppError(
        'unavailable',
        'Google sign-in is temporarily unavailable, please try again later',
        'oauth_unavailable',
      );
    });
  }

  async function userFor(claims: oidc.IDToken): Promise<UserRow> {
    const email =
      typeof claims.email === 'string' && claims.email_verified === true ? claims.email : undefined;
    const name = typeof claims.name === 'string' ? claims.name.slice(0, 64) : '';
    const picture =
      typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : '';
    const known = await deps.users.findByGoogleSubject(claims.sub);
    if (known) return known;
    // An account with the same verified address is the same person: link it rather than duplicate it.
    const byEmail = email ? await deps.users.findByEmail(email) : undefined;
    if (byEmail) {
      return (await deps.users.update(byEmail.id, { googleSubject: claims.sub })) ?? byEmail;
    }
    const created = await deps.users.create({
      name: name || (email?.split('@')[0] ?? 'Google user'),
      email: email ?? null,
      picture,
      googleSubject: claims.sub,
    });
    // A concurrent callback for the same person won the race.
    return created ?? (await deps.users.findByGoogleSubject(claims.sub))!;
  }

  return {
    /** Whether this server has an OAuth client, so that the sign-in screens offer Google at all. */
    configured: () => Boolean(settings.clientId && settings.clientSecret),

    async start(input: { redirectUri: string; locale: string }): Promise<string> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const locale = LOCALE.test(input.locale) ? input.locale : 'en';
      await deps.oauth.saveState({
        state,
        codeVerifier,
        nonce,
        redirectUri: input.redirectUri,
        locale,
        expiresAt: new Date(Date.now() + settings.stateTtlMs),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return url.toString();
    },

    async complete(query: string): Promise<CompletedSignIn> {
      const params = new URLSearchParams(query);
      const failure = (error: string, message: string, locale = 'en') => ({
        handoffCode: '',
        locale,
        error,
        message,
      });
      const state = params.get('state');
      // Taking the state consumes it: a callback can be completed once.
      const saved = state ? await deps.oauth.takeState(state) : undefined;
      if (!saved) return failure('invalid_state', MESSAGES.invalid_response);
      const { locale } = saved;
      if (params.get('error')) {
        return failure(
          params.get('error') === 'access_denied' ? 'access_denied' : 'provider_error',
          MESSAGES.denied,
          locale,
        );
      }
      if (!params.get('code')) return failure('no_code', MESSAGES.no_code, locale);
      let claims: oidc.IDToken | undefined;
      try {
        const config = await configuration();
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${saved.redirectUri}?${params}`), {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        deps.logger.warn(
          { err: error instanceof Error ? error.message : error },
          'OpenID code exchange failed',
        );
        return failure('invalid_response', MESSAGES.invalid_response, locale);
      }
      if (!claims?.sub) return failure('invalid_response', MESSAGES.invalid_response, locale);
      try {
        const user = await userFor(claims);
        if (user.bannedAt) return failure('account_banned', 'This account has been suspended', locale);
        const handoffCode = randomBytes(32).toString('base64url');
        await deps.oauth.saveHandoff(handoffCode, user.id, new Date(Date.now() + settings.handoffTtlMs));
        return { handoffCode, locale, error: '', message: '' };
      } catch (error) {
        deps.logger.error({ err: error }, 'Google sign-in failed');
        return failure('unknown', MESSAGES.unknown, locale);
      }
    },

    async redeem(handoffCode: string): Promise<SignInResult> {
      const userId = handoffCode ? await deps.oauth.takeHandoff(handoffCode) : undefined;
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user || user.bannedAt) {
        throw new AppError(
          'unauthenticated',
          'No token found: the sign-in has expired, please try again',
          'token_not_found',
        );
      }
      return deps.accounts.startSession(user);
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
