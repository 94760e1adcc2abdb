// Sign-in (spec section 7), Google sign-in, the signed-in user's profile and API keys, and the admin
// user calls. Permissions are enforced again by auth, which receives the caller's id.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import type { User } from '@pictura/common/gen/auth/v1/auth_pb';
import { SECURITY_CHECK_HEADER } from '@pictura/common/security-check';
import { webhookUrlRefusal } from '@pictura/common/webhook-url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Authenticator } from '../auth/authenticate.ts';
import type { AuthClient } from '../clients.ts';
import { sendError } from '../http-errors.ts';
import { errorResponses as errors, requireAdmin, requireSession, requireSignIn } from '../route-guards.ts';
import { type SecurityCheck, SecurityCheckHeaders } from '../security-check.ts';
import { SingleLineText } from '../text-schemas.ts';
import { deleteUserData, type UserDataClients } from '../user-data.ts';
import {
  AccountDeletion,
  ApiKeyBody,
  ApiKeyUpdate,
  Credentials,
  MeBody,
  NewApiKey,
  PageQuery,
  ProfileUpdate,
  SignInBody,
  Success,
  UserAction,
  UserBody,
  UserIdParams,
} from './auth.schemas.ts';

export function toUserBody(user: User): UserBody {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    picture: user.picture,
    avatar: user.picture,
    role: user.role,
    is_admin: user.isAdmin,
    banned: user.banned,
    created_at: user.createdAt,
  };
}

/** The one-time Google sign-in hand-off, readable only by the server, gone after two minutes. */
const HANDOFF_COOKIE = 'pictura_oauth';
const HANDOFF_MAX_AGE_S = 120;
const LOCALE = /^[a-z]{2}(-[A-Za-z]{2,4})?$/;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A malformed escape (%E0%A4%A) is a cookie we did not write: treat it as absent, never a 500.
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export async function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthClient;
    authenticator: Authenticator;
    publicUrl: string;
    /** Tests only: default webhook URLs on loopback (ALLOW_LOOPBACK_FETCH). */
    allowLoopbackFetch?: boolean;
    /** The services holding user data; without them only the account itself is deleted. */
    services?: UserDataClients;
    /** Verifies security-check solutions; without it none passes (auth asks again). */
    securityCheck?: SecurityCheck;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addSchema(UserBody);
  const { auth } = deps;
  /** A key's default webhook URL, refused here (400 webhook_url_refused) by the same rule as submissions. */
  const keyWebhookUrl = (url: string | undefined) => {
    const value = url?.trim() ?? '';
    const refused = webhookUrlRefusal(value, { allowLoopback: deps.allowLoopbackFetch === true });
    if (refused) throw new AppError('invalid_argument', refused.message, refused.error);
    return value;
  };
  const secureCookie = new URL(deps.publicUrl).protocol === 'https:';
  const callbackUrl = new URL('/api/auth/google/callback', deps.publicUrl).toString();
  const handoffCookie = (value: string, maxAge: number) =>
    `${HANDOFF_COOKIE}=${value}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`;

  api.get(
    '/api/auth/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Who is signed in',
        tags: ['auth'],
        response: { 200: MeBody, ...errors },
      },
    },
    async (request) => {
      if (request.viewer.userId === 0) return { authenticated: false, user: null };
      const user = await auth.getUser({ userId: request.viewer.userId }, { requestId: request.id });
      return { authenticated: true, user: toUserBody(user) };
    },
  );

  /** Auth decides whether the check is needed; a solution sent is verified (and spent) either way. */
  const securityCheckPassedBy = async (request: FastifyRequest) =>
    request.headers[SECURITY_CHECK_HEADER] !== undefined &&
    (await deps.securityCheck?.verify(request.headers[SECURITY_CHECK_HEADER])) === true;

  const signInError = (request: FastifyRequest) => {
    const body = request.body as Partial<Credentials> | undefined;
    if (!body?.username || !body.password) {
      throw new AppError('invalid_argument', 'Please enter a username and password', 'credentials_required');
    }
    return body as Credentials;
  };

  api.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'login',
        summary: 'Sign in with a username and password',
        description:
          'After repeated failures this answers 403 challenge_required: solve the security check and send again.',
        tags: ['auth'],
        headers: SecurityCheckHeaders,
        body: Type.Partial(Credentials),
        response: { 200: SignInBody, ...errors },
      },
    },
    async (request) => {
      const { username, password } = signInError(request);
      const securityCheckPassed = await securityCheckPassedBy(request);
      const signed = await auth.login(
        { username, password, clientIp: request.ip, securityCheckPassed },
        { requestId: request.id },
      );
      return { token: signed.token, user: toUserBody(signed.user!) };
    },
  );

  api.post(
    '/api/auth/register',
    {
      schema: {
        operationId: 'register',
        summary:
          'Create an account (username 3-32 letters, digits, . _ -; password 8-128 characters, not only digits)',
        description:
          'From the 3rd account an address creates in an hour this answers 403 challenge_required (solve the ' +
          'security check and send again); past 5, 429 with Retry-After.',
        tags: ['auth'],
        headers: SecurityCheckHeaders,
        body: Type.Partial(Credentials),
        response: { 201: SignInBody, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password } = signInError(request);
      const securityCheckPassed = await securityCheckPassedBy(request);
      const signed = await auth.register(
        { username, password, clientIp: request.ip, securityCheckPassed },
        { requestId: request.id },
      );
      return reply.status(201).send({ token: signed.token, user: toUserBody(signed.user!) });
    },
  );

  api.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'End this session; its token stops working',
        tags: ['auth'],
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      const { sessionId } = request.viewer;
      if (sessionId) {
        await auth.logout({ sessionId }, { requestId: request.id });
        deps.authenticator.forgetSession(sessionId);
      }
      return { success: true };
    },
  );

  api.get(
    '/api/auth/methods',
    {
      schema: {
        operationId: 'getSignInMethods',
        summary: 'Which ways to sign in this server offers: Google only when its OAuth client is configured',
        tags: ['auth'],
        response: {
          200: Type.Object({
            google: Type.Boolean({ description: 'Sign in with Google is configured' }),
            password: Type.Boolean({ description: 'Username and password' }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const methods = await auth.getSignInMethods({}, { requestId: request.id });
      return { google: methods.google, password: methods.password };
    },
  );

  api.get(
    '/api/auth/google/login',
    {
      schema: {
        operationId: 'startGoogleLogin',
        summary: 'Where to send the browser to sign in with Google',
        tags: ['auth'],
        querystring: Type.Object({ locale: Type.Optional(SingleLineText({ maxLength: 10 })) }),
        response: { 200: Type.Object({ login_url: Type.String() }), ...errors },
      },
    },
    async (request) => {
      const locale = request.query.locale && LOCALE.test(request.query.locale) ? request.query.locale : 'en';
      const { loginUrl } = await auth.startOAuth(
        { redirectUri: callbackUrl, locale },
        { requestId: request.id },
      );
      return { login_url: loginUrl };
    },
  );

  // The provider sends the browser here; it goes on to /{locale}/oauth-callback with the hand-off cookie set,
  // or with ?error=&message= when sign-in failed.
  app.get('/api/auth/google/callback', { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const result = await auth.completeOAuth({ query: query.slice(0, 8192) }, { requestId: request.id });
    const locale = LOCALE.test(result.locale) ? result.locale : 'en';
    reply.header('cache-control', 'no-store');
    if (!result.handoffCode) {
      const params = new URLSearchParams({ error: result.error, message: result.message });
      return reply.redirect(`/${locale}/oauth-callback?${params}`, 302);
    }
    reply.header('set-cookie', handoffCookie(result.handoffCode, HANDOFF_MAX_AGE_S));
    return reply.redirect(`/${locale}/oauth-callback`, 302);
  });

  api.get(
    '/api/auth/token-from-cookie',
    {
      schema: {
        operationId: 'getTokenFromCookie',
        summary: 'The token of a just-finished Google sign-in (once); ?clear_cookie=true clears the cookie',
        tags: ['auth'],
        querystring: Type.Object({
          _t: Type.Optional(SingleLineText({ maxLength: 32 })),
          clear_cookie: Type.Optional(SingleLineText({ maxLength: 8 })),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.query.clear_cookie === 'true') {
        reply.header('set-cookie', handoffCookie('', 0));
        return { success: true };
      }
      const code = readCookie(request, HANDOFF_COOKIE);
      if (!code) return sendError(reply, 401, { error: 'token_not_found', message: 'No token found' });
      // The code works once; clear the cookie now too, not only when the page asks.
      reply.header('set-cookie', handoffCookie('', 0));
      const signed = await auth.redeemHandoff({ handoffCode: code }, { requestId: request.id });
      return { token: signed.token };
    },
  );

  // The signed-in user's own account.
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

  // Administration: the guard here answers early; auth checks the caller again.
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
