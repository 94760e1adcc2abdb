// Turns a request's credentials into its viewer: a session token (JWT, verified here, revocation checked
// with auth through a cache of a few seconds) or an API key (`sk_…`, checked with auth, cached as briefly).
import { createHash } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import type { FastifyRequest } from 'fastify';
import type { AuthClient } from '../clients.ts';
import type { Viewer } from '../viewer.ts';
import type { TokenVerifier } from './token-verifier.ts';

const GUEST: Viewer = { userId: 0, isAdmin: false };

/** Sign-in calls work with a stale token attached (the web app attaches whatever it has). */
const SIGN_IN_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/logout',
  '/api/auth/methods',
  '/api/auth/google/login',
  '/api/auth/google/callback',
  '/api/auth/token-from-cookie',
  // Account recovery: the link in a mail is the credential, whatever the browser still holds.
  '/api/auth/recovery-options',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/account/email/verify',
]);

interface CacheEntry {
  viewer: Viewer | undefined;
  until: number;
}

/** A small time-bounded cache; entries older than `ttlMs` are never served. */
function shortCache(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, CacheEntry>();
  return {
    get(key: string): CacheEntry | undefined {
      const entry = entries.get(key);
      if (entry && entry.until > Date.now()) return entry;
      entries.delete(key);
      return undefined;
    },
    /** Stores and returns the entry, so a caller never reads back one that a 0 ms lifetime already expired. */
    set(key: string, viewer: Viewer | undefined): CacheEntry {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { viewer, until: Date.now() + ttlMs };
      entries.set(key, entry);
      return entry;
    },
    delete: (key: string) => entries.delete(key),
  };
}

export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<Viewer>;
  /** Forgets a session at once (after logout on this replica). */
  forgetSession(sessionId: string): void;
}

export function createAuthenticator(deps: {
  auth: AuthClient;
  verifier: TokenVerifier;
  /** How long a session check is reused; revocation takes effect within this. At most 5 s. */
  sessionCacheMs: number;
}): Authenticator {
  const sessions = shortCache(Math.min(deps.sessionCacheMs, 5000));
  const apiKeys = shortCache(Math.min(deps.sessionCacheMs, 5000));

  async function sessionViewer(token: string, requestId: string): Promise<Viewer> {
    const { userId, sessionId } = await deps.verifier.verify(token);
    let cached = sessions.get(sessionId);
    if (!cached) {
      const status = await deps.auth.checkSession({ sessionId }, { requestId, deadlineMs: 3000 });
      const viewer =
        status.active && status.userId === userId
          ? { userId, isAdmin: status.isAdmin, sessionId }
          : undefined;
      cached = sessions.set(sessionId, viewer);
    }
    if (!cached.viewer) {
      throw new AppError('unauthenticated', 'Your session has ended, please login again', 'invalid_token');
    }
    return cached.viewer;
  }

  async function apiKeyViewer(key: string, requestId: string): Promise<Viewer> {
    const hash = createHash('sha256').update(key).digest('hex');
    let cached = apiKeys.get(hash);
    if (!cached) {
      const viewer = await deps.auth
        .verifyApiKey({ key }, { requestId, deadlineMs: 3000 })
        .then(
          (r): Viewer => ({
            userId: r.userId,
            isAdmin: r.isAdmin,
            apiKeyId: r.keyId,
            ...(r.webhookUrl ? { apiKeyWebhookUrl: r.webhookUrl } : {}),
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'unauthenticated') return undefined;
          throw error;
        });
      cached = apiKeys.set(hash, viewer);
    }
    if (!cached.viewer) throw new AppError('unauthenticated', 'Invalid API key', 'invalid_api_key');
    return cached.viewer;
  }

  return {
    forgetSession: (sessionId) => sessions.delete(sessionId),
    async authenticate(request) {
      const header = request.headers.authorization;
      if (!header) return GUEST;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const path = request.url.split('?')[0]!;
      try {
        if (!match) throw new AppError('unauthenticated', 'Please login first', 'invalid_token');
        const credential = match[1]!;
        return credential.startsWith('sk_')
          ? await apiKeyViewer(credential, request.id)
          : await sessionViewer(credential, request.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated' && SIGN_IN_PATHS.has(path))
          return GUEST;
        throw error;
      }
    },
  };
}
