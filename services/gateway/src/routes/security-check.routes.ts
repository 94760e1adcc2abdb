// The security check's challenge (security-check.ts says who is asked and how a solution is verified).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses as errors } from '../route-guards.ts';
import type { SecurityCheck } from '../security-check.ts';

const ChallengeBody = Type.Object(
  {
    algorithm: Type.String({ description: 'Hash function: SHA-256' }),
    challenge: Type.String({ description: 'Hex hash of salt + the secret number' }),
    maxnumber: Type.Integer({ description: 'The secret number is between 0 and this' }),
    salt: Type.String({ description: 'Salt, with the expiry as ?expires=<unix seconds>&' }),
    signature: Type.String({ description: "The server's HMAC of the challenge" }),
  },
  {
    $id: 'SecurityCheckChallenge',
    description:
      'An ALTCHA proof-of-work challenge. Find the number n (0..maxnumber) with hash(salt + n) = challenge, then ' +
      'send base64(JSON {algorithm, challenge, number: n, salt, signature}) in the x-pictura-security-check ' +
      'header of the request that answered 403 challenge_required. Each solution works once, within 5 minutes.',
  },
);

export async function securityCheckRoutes(
  app: FastifyInstance,
  deps: { securityCheck: SecurityCheck },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/security-check/challenge',
    {
      config: { rateLimitPolicy: 'securityCheck' },
      schema: {
        operationId: 'getSecurityCheckChallenge',
        summary: 'A proof-of-work challenge for the security check',
        tags: ['auth'],
        response: { 200: ChallengeBody, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { algorithm, challenge, maxnumber, salt, signature } = await deps.securityCheck.challenge();
      return { algorithm, challenge, maxnumber: maxnumber ?? 0, salt, signature };
    },
  );
}
