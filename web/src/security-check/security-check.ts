// The security check's client side (the server's rule: services/gateway/src/security-check.ts). A call that
// may be asked for it goes through withSecurityCheck: on 403 challenge_required the registered solver (the
// Security check dialog) fetches a challenge, solves it and hands back the solution, and the call is sent
// once more with it. One place for that retry, whatever the call.
import { ApiError, requestJson } from '../api/http.ts';

export const SECURITY_CHECK_HEADER = 'x-pictura-security-check';

export interface SecurityCheckChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Resolves the solution to send; rejects when the person closed the dialog or it could not be solved. */
export type SecurityCheckSolver = () => Promise<string>;

let solver: SecurityCheckSolver | undefined;

/** The dialog registers itself while mounted; the function returned unregisters it. */
export function registerSecurityCheckSolver(next: SecurityCheckSolver): () => void {
  solver = next;
  return () => {
    if (solver === next) solver = undefined;
  };
}

export const isChallengeRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'challenge_required';

/**
 * Runs `call`; when the server asks for the security check, solves it and runs `call` once more with the
 * solution's header. A second challenge_required (or a closed dialog) reaches the caller as the ApiError.
 */
export async function withSecurityCheck<T>(
  call: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  try {
    return await call({});
  } catch (error) {
    if (!isChallengeRequired(error) || !solver) throw error;
    let solution: string;
    try {
      solution = await solver();
    } catch {
      throw error;
    }
    return call({ [SECURITY_CHECK_HEADER]: solution });
  }
}

export function fetchChallenge(): Promise<SecurityCheckChallenge> {
  return requestJson<SecurityCheckChallenge>('/api/security-check/challenge', { cache: 'no-store' });
}

/** The header's value: base64 of the JSON payload the server verifies. */
export function solutionPayload(challenge: SecurityCheckChallenge, number: number): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}
