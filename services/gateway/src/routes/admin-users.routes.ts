// The admin's user list and user actions (ban, unban, grant or revoke admin). The guard here answers early;
// auth checks the caller again.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AuthClient, CommunityClient } from '../clients.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import { toUserBody } from './auth.bodies.ts';
import { PageQuery, UserAction, UserIdParams } from './auth.schemas.ts';

export async function adminUsersRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthClient;
    /** Hides a banned author's posts; without it a ban only stops the account. */
    services?: { community: CommunityClient };
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;

  api.get(
    '/api/admin/users',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listUsers',
        summary: 'Users, oldest first',
        tags: ['admin'],
        querystring: PageQuery,
        response: {
          200: Type.Object({
            items: Type.Array(Type.Ref('User')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const page = await auth.listUsers(
        {
          callerId: request.viewer.userId,
          cursor: request.query.cursor ?? '',
          limit: request.query.limit ?? 20,
          query: request.query.q ?? '',
        },
        { requestId: request.id },
      );
      return { items: page.users.map(toUserBody), next_cursor: page.nextCursor || null };
    },
  );

  api.post(
    '/api/admin/users/:id/:action',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'applyUserAction',
        summary: 'Ban, unban, grant or revoke admin',
        tags: ['admin'],
        params: Type.Object({ id: UserIdParams.properties.id, action: UserAction }),
        response: { 200: Type.Object({ user: Type.Ref('User') }), ...errors },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const callerId = request.viewer.userId;
      const options = { requestId: request.id };
      const user =
        action === 'ban' || action === 'unban'
          ? await auth.setBanned({ callerId, userId: id, banned: action === 'ban' }, options)
          : await auth.setAdmin({ callerId, userId: id, isAdmin: action === 'admin' }, options);
      // Community hides a banned author's posts (and shows them again on unban); idempotent, so a failure
      // here is fixed by repeating the action.
      if ((action === 'ban' || action === 'unban') && deps.services) {
        await deps.services.community.setAuthorBanned(
          { callerId, userId: id, banned: action === 'ban' },
          options,
        );
      }
      return { user: toUserBody(user) };
    },
  );
}
