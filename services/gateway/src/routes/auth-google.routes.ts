// Sign in with Google: the provider's login URL, its callback, and the one-time hand-off of the token to the
// page through a server-only cookie.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthClient } from '../clients.ts';
import { sendError } from '../http-errors.ts';
import { errorResponses as errors } from '../route-guards.ts';
import { SingleLineText } from '../text-schemas.ts';

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
export async function authGoogleRoutes(
  app: FastifyInstance,
  deps: { auth: AuthClient; publicUrl: string },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;
  const secureCookie = new URL(deps.publicUrl).protocol === 'https:';
  const callbackUrl = new URL('/api/auth/google/callback', deps.publicUrl).toString();
  const handoffCookie = (value: string, maxAge: number) =>
    `${HANDOFF_COOKIE}=${value}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`;

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
}
