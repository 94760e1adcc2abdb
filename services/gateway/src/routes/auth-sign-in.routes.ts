// Sign-in (spec section 7): who is signed in, password sign-in and registration (both behind the security
// check after repeated tries), sign-out, and which sign-in methods this server offers.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import { SECURITY_CHECK_HEADER } from '@pictura/common/security-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Authenticator } from '../auth/authenticate.ts';
import type { AuthClient } from '../clients.ts';
import { errorResponses as errors } from '../route-guards.ts';
import { type SecurityCheck, SecurityCheckHeaders } from '../security-check.ts';
import { toUserBody } from './auth.bodies.ts';
import { Credentials, MeBody, SignInBody, Success } from './auth.schemas.ts';

export async function authSignInRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthClient;
    authenticator: Authenticator;
    /** Verifies security-check solutions; without it none passes (auth asks again). */
    securityCheck?: SecurityCheck;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;

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
}
