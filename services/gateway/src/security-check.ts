// The security check (spec: "Security check dialog"): a self-hosted proof of work (ALTCHA), asked of a caller
// that looks automated, never of everyone.
//
// - GET /api/security-check/challenge hands out a challenge signed with an HMAC key that every gateway replica
//   shares (SECURITY_CHECK_SECRET, else a random key made once per deployment and kept in Redis). It expires in
//   5 minutes; finding its number takes a phone about a second (MAX_NUMBER SHA-256 hashes at most).
// - The client sends the solution (altcha's base64 JSON payload) in the `x-pictura-security-check` header on
//   POST /api/auth/login, /api/auth/register and guest generations. The gateway verifies it here, once: a
//   used solution is remembered in Redis until its challenge expires. A wrong, expired or reused solution
//   counts as none, so the caller is asked again (403 challenge_required), never refused with a 5xx.
// - Who must pass it: for sign-in and registration the auth service decides (sign-in-throttle.ts); the gateway
//   tells it whether the check passed. For guest generations the rule is this module's (guestGenerationCheck):
//   an address gets the first half of its per-minute budget (and at least GUEST_FREE_GENERATIONS) freely;
//   past that a generation needs the check, and a passed check covers that address for PASS_TTL_MS. Past the
//   whole budget: 429 as before.
import { randomBytes } from 'node:crypto';
import { challengeRequired, SECURITY_CHECK_HEADER } from '@pictura/common/security-check';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Type } from 'typebox';

/** The largest number a challenge hides; a solver tries half of them on average. */
export const MAX_NUMBER = 50_000;
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Generations a minute a guest address makes without the check, however small the budget. */
export const GUEST_FREE_GENERATIONS = 5;
/** How long a guest address that passed the check may use its whole generation budget. */
export const PASS_TTL_MS = 10 * 60_000;
/** A base64 payload of a few hundred bytes; anything longer is not ours. */
const MAX_SOLUTION_LENGTH = 2048;

/** The header on the routes that may ask for the check, for their OpenAPI description. */
export const SecurityCheckHeaders = Type.Object({
  [SECURITY_CHECK_HEADER]: Type.Optional(
    Type.String({
      maxLength: MAX_SOLUTION_LENGTH,
      description:
        'A solved security check (GET /api/security-check/challenge): base64 JSON {algorithm, challenge, number, ' +
        'salt, signature}. Send it only after a 403 challenge_required.',
    }),
  ),
});

export interface SecurityCheck {
  challenge(): Promise<Challenge>;
  /** Whether `solution` solves one of our unexpired challenges for the first time (it is spent by this call). */
  verify(solution: string | string[] | undefined): Promise<boolean>;
  /** Whether this guest address passed the check within PASS_TTL_MS. */
  hasPass(address: string): Promise<boolean>;
  grantPass(address: string): Promise<void>;
}

export function createSecurityCheck(deps: {
  redis: Redis;
  /** Keys live under `<prefix>:security-check:`. */
  prefix: string;
  /** The HMAC key; without it, one random key per deployment, stored in Redis by the first replica. */
  secret?: string;
}): SecurityCheck {
  const key = (name: string) => `${deps.prefix}:security-check:${name}`;
  let hmacKey: Promise<string> | undefined;
  const sharedKey = () => {
    hmacKey ??= (async () => {
      if (deps.secret) return deps.secret;
      await deps.redis.set(key('hmac-key'), randomBytes(32).toString('base64url'), 'NX');
      const stored = await deps.redis.get(key('hmac-key'));
      if (!stored) throw new Error('security check key missing from Redis');
      return stored;
    })();
    // A failed read (Redis down) is tried again by the next call instead of being kept.
    hmacKey.catch(() => {
      hmacKey = undefined;
    });
    return hmacKey;
  };

  return {
    async challenge() {
      return createChallenge({
        hmacKey: await sharedKey(),
        maxnumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    async verify(solution) {
      if (typeof solution !== 'string' || solution.length === 0 || solution.length > MAX_SOLUTION_LENGTH) {
        return false;
      }
      const valid = await verifySolution(solution, await sharedKey(), true).catch(() => false);
      if (!valid) return false;
      // Single use: the first request to present it claims it. The key outlives the challenge's expiry.
      const claimed = await deps.redis.set(
        key(`used:${solutionId(solution)}`),
        '1',
        'PX',
        CHALLENGE_TTL_MS,
        'NX',
      );
      return claimed === 'OK';
    },
    async hasPass(address) {
      return (await deps.redis.exists(key(`pass:${address}`))) === 1;
    },
    async grantPass(address) {
      await deps.redis.set(key(`pass:${address}`), '1', 'PX', PASS_TTL_MS);
    },
  };
}

/** A solution is its challenge's signature: one challenge, one use, whatever else the payload carries. */
function solutionId(solution: string): string {
  try {
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as { signature?: unknown };
    if (typeof payload.signature === 'string') return payload.signature;
  } catch {}
  return solution;
}

/**
 * The guest generation rule (header): `used` of `max` generations spent this minute by this address,
 * this one included. Throws 403 challenge_required past half without a pass or a valid solution.
 */
export async function guestGenerationCheck(
  check: SecurityCheck,
  request: FastifyRequest,
  budget: { used: number; max: number },
): Promise<void> {
  if (budget.used <= Math.max(Math.floor(budget.max / 2), GUEST_FREE_GENERATIONS)) return;
  const address = `generate:${request.ip}`;
  if (await check.hasPass(address)) return;
  if (!(await check.verify(request.headers[SECURITY_CHECK_HEADER]))) throw challengeRequired();
  await check.grantPass(address);
}
