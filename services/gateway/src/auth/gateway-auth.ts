// The gateway's half of identity, assembled once for buildApp: token verification against auth's
// published keys and the short revocation cache. (The per-key rate limit is rate-limits.ts'.)

import type { AuthClient } from '../clients.ts';
import { type Authenticator, createAuthenticator } from './authenticate.ts';
import { createTokenVerifier } from './token-verifier.ts';

export interface GatewayAuthDeps {
  client: AuthClient;
  /** How long a session check is reused (at most 5000 ms): a logout or ban bites within this. */
  sessionCacheMs?: number;
  /** Requests a minute per API key; 0 turns the limit off (spent in rate-limits.ts). */
  apiKeyPerMinute?: number;
}

export function createGatewayAuth(deps: GatewayAuthDeps): Authenticator & { close(): void } {
  const verifier = createTokenVerifier({
    fetchKeys: async () => JSON.parse((await deps.client.getPublicKeys({}, { deadlineMs: 3000 })).jwksJson),
  });
  const authenticator = createAuthenticator({
    auth: deps.client,
    verifier,
    sessionCacheMs: deps.sessionCacheMs ?? 2000,
  });
  return { ...authenticator, close: () => verifier.close() };
}
