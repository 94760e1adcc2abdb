// The signed-in user's own account: the profile, and deleting the account with the user's data in every
// service (user-data.ts). Permissions are enforced again by auth, which receives the caller's id.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Authenticator } from '../auth/authenticate.ts';
import type { AuthClient } from '../clients.ts';
import { errorResponses as errors, requireSession, requireSignIn } from '../route-guards.ts';
import { deleteUserData, type UserDataClients } from '../user-data.ts';
import { toUserBody } from './auth.bodies.ts';
import { AccountDeletion, ProfileUpdate, Success } from './auth.schemas.ts';

export async function userAccountRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthClient;
    authenticator: Authenticator;
    /** The services holding user data; without them only the account itself is deleted. */
    services?: UserDataClients;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;

  api.put(
    '/api/user/profile',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'updateProfile',
        summary: 'Change name or avatar',
        tags: ['user'],
        body: ProfileUpdate,
        response: { 200: Type.Object({ user: Type.Ref('User') }), ...errors },
      },
    },
    async (request) => {
      const user = await auth.updateProfile(
        { callerId: request.viewer.userId, name: request.body.name, avatar: request.body.avatar },
        { requestId: request.id },
      );
      return { user: toUserBody(user) };
    },
  );

  api.delete(
    '/api/user/account',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account',
        description:
          'Asks for the password again (403 wrong_password when wrong, nothing deleted), then deletes the user’s data in every service and last the account; 503 deletion_incomplete keeps the account to try again.',
        tags: ['user'],
        body: AccountDeletion,
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      const userId = request.viewer.userId;
      await auth.confirmAccountOwner(
        {
          callerId: userId,
          sessionId: request.viewer.sessionId ?? '',
          password: request.body.password ?? '',
          confirmation: request.body.confirmation ?? '',
        },
        { requestId: request.id },
      );
      if (deps.services) {
        // Data first: every call is idempotent, so a failure leaves a working account to retry with.
        // The services release the user's image files themselves (a file another user also holds stays).
        const deleted = await deleteUserData(deps.services, userId, request.id, request.log);
        request.log.info({ userId, ...deleted }, 'user data deleted');
      } else {
        request.log.warn({ userId }, 'account deleted without user-data clients');
      }
      await auth.deleteAccount({ callerId: userId }, { requestId: request.id });
      if (request.viewer.sessionId) deps.authenticator.forgetSession(request.viewer.sessionId);
      return { success: true };
    },
  );
}
