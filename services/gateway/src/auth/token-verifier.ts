// Verifies session tokens locally with the public keys auth publishes. Only the asymmetric algorithms auth
// signs with are accepted (no "none", no HMAC, so a public key can never be used as an HMAC secret); the
// key is chosen by `kid`, and an unknown kid refetches the key set once (keys rotate at auth).
import { AppError } from '@pictura/common/app-error';
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'pictura-auth';
export const TOKEN_AUDIENCE = 'pictura';
const ALGORITHMS = ['EdDSA', 'ES256'];

export interface VerifiedToken {
  userId: number;
  sessionId: string;
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
  /** Refetches the key set (also done on an unknown kid, at most every `minRefreshMs`). */
  refresh(): Promise<void>;
  close(): void;
}

export function createTokenVerifier(options: {
  fetchKeys: () => Promise<JSONWebKeySet>;
  refreshEveryMs?: number;
  minRefreshMs?: number;
}): TokenVerifier {
  // One refetch a second at most: a token signed by a key rotated in moments ago is accepted at once, while
  // made-up key ids cost auth no more than one cheap read a second per gateway.
  const minRefreshMs = options.minRefreshMs ?? 1_000;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let loading: Promise<void> | undefined;
  let loadedAt = 0;

  function refresh(): Promise<void> {
    loading ??= options
      .fetchKeys()
      .then((jwks) => {
        keySet = createLocalJWKSet(jwks);
        loadedAt = Date.now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  const timer = setInterval(() => refresh().catch(() => {}), options.refreshEveryMs ?? 5 * 60_000);
  timer.unref();

  const refused = () =>
    new AppError('unauthenticated', 'Your session has ended, please login again', 'invalid_token');

  async function verifyOnce(token: string) {
    if (!keySet) await refresh();
    return jwtVerify(token, keySet!, {
      algorithms: ALGORITHMS,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
      clockTolerance: 5,
    });
  }

  return {
    refresh,
    close: () => clearInterval(timer),
    async verify(token) {
      let result: Awaited<ReturnType<typeof verifyOnce>>;
      try {
        try {
          result = await verifyOnce(token);
        } catch (error) {
          if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < minRefreshMs)
            throw error;
          await refresh();
          result = await verifyOnce(token);
        }
      } catch (error) {
        // Auth unreachable is not the caller's fault: answer 503, not 401 (which would log them out).
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError)
          throw refused();
        throw error;
      }
      const { sub, sid } = result.payload;
      if (typeof sid !== 'string' || !/^[1-9]\d{0,9}$/.test(sub ?? '')) throw refused();
      return { userId: Number(sub), sessionId: sid };
    },
  };
}
