// The signed-in user's API keys: list, create (the key is shown once), set a default webhook URL, revoke.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import { webhookUrlRefusal } from '@pictura/common/webhook-url';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AuthClient } from '../clients.ts';
import { errorResponses as errors, requireSession, requireSignIn } from '../route-guards.ts';
import { SingleLineText } from '../text-schemas.ts';
import { ApiKeyBody, ApiKeyUpdate, NewApiKey, Success } from './auth.schemas.ts';

export async function apiKeysRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthClient;
    /** Tests only: default webhook URLs on loopback (ALLOW_LOOPBACK_FETCH). */
    allowLoopbackFetch?: boolean;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;
  /** A key's default webhook URL, refused here (400 webhook_url_refused) by the same rule as submissions. */
  const keyWebhookUrl = (url: string | undefined) => {
    const value = url?.trim() ?? '';
    const refused = webhookUrlRefusal(value, { allowLoopback: deps.allowLoopbackFetch === true });
    if (refused) throw new AppError('invalid_argument', refused.message, refused.error);
    return value;
  };

  const toApiKeyBody = (key: {
    id: string;
    name: string;
    prefix: string;
    createdAt: string;
    lastUsedAt: string;
    webhookUrl: string;
  }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt || null,
    webhook_url: key.webhookUrl || null,
  });

  api.get(
    '/api/user/api-keys',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listApiKeys',
        summary: 'Your API keys',
        tags: ['user'],
        response: { 200: Type.Object({ items: Type.Array(ApiKeyBody) }), ...errors },
      },
    },
    async (request) => {
      const { apiKeys } = await auth.listApiKeys(
        { callerId: request.viewer.userId },
        { requestId: request.id },
      );
      return { items: apiKeys.map(toApiKeyBody) };
    },
  );

  api.post(
    '/api/user/api-keys',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key; the key is shown only in this answer',
        tags: ['user'],
        body: NewApiKey,
        response: { 201: Type.Object({ key: Type.String(), api_key: ApiKeyBody }), ...errors },
      },
    },
    async (request, reply) => {
      if (request.viewer.apiKeyId) {
        throw new AppError('permission_denied', 'API keys cannot create API keys', 'forbidden');
      }
      const webhookUrl = keyWebhookUrl(request.body.webhook_url);
      const created = await auth.createApiKey(
        { callerId: request.viewer.userId, name: request.body.name, webhookUrl },
        { requestId: request.id },
      );
      return reply.status(201).send({ key: created.key, api_key: toApiKeyBody(created.apiKey!) });
    },
  );

  api.patch(
    '/api/user/api-keys/:id',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'updateApiKey',
        summary: "Change an API key's default webhook URL",
        description:
          'Calls made with the key send their job webhooks there when they name none; null or "" clears it.',
        tags: ['user'],
        params: Type.Object({ id: SingleLineText({ maxLength: 64 }) }),
        body: ApiKeyUpdate,
        response: { 200: ApiKeyBody, ...errors },
      },
    },
    async (request) => {
      const updated = await auth.updateApiKey(
        {
          callerId: request.viewer.userId,
          id: request.params.id,
          webhookUrl: keyWebhookUrl(request.body.webhook_url ?? ''),
        },
        { requestId: request.id },
      );
      return toApiKeyBody(updated);
    },
  );

  api.delete(
    '/api/user/api-keys/:id',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        tags: ['user'],
        params: Type.Object({ id: SingleLineText({ maxLength: 64 }) }),
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      await auth.revokeApiKey(
        { callerId: request.viewer.userId, id: request.params.id },
        { requestId: request.id },
      );
      return { success: true };
    },
  );
}
