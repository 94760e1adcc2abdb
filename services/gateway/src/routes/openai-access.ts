// /v1 is the integrators' API: only an API key (`sk_…`) opens it. A guest or a session token (the web app's
// login) gets OpenAI's 401, so a key leak is the only way in and a stolen login token is not an API pass.
// Whether the key's owner is entitled to API access is the auth service's check when it verifies the key.
import type { FastifyRequest } from 'fastify';
import { OpenAiError } from './openai-errors.ts';

export async function requireApiKey(request: FastifyRequest): Promise<void> {
  if (request.viewer.apiKeyId) return;
  if (request.viewer.sessionId) {
    throw new OpenAiError(
      401,
      'Session tokens are not accepted here: use an API key (Authorization: Bearer sk_…), created in Settings → API keys',
      'invalid_api_key',
    );
  }
  throw new OpenAiError(
    401,
    "You didn't provide an API key. Send it as Authorization: Bearer sk_… (create one in Settings → API keys)",
    'missing_api_key',
  );
}
