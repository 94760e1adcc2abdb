// Who may call a route, checked before the handler runs. The services that own the data check again:
// these guards only answer early and in the spec's words.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http-errors.ts';

/** Response schemas every route shares: errors are `{error, message}`. */
export const errorResponses = { '4xx': { $ref: 'ErrorBody#' }, '5xx': { $ref: 'ErrorBody#' } } as const;

type Guard = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

function refuseGuest(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.viewer.userId !== 0) return false;
  sendError(reply, 401, { error: 'unauthenticated', message: 'Please login first' });
  return true;
}

/** 401 for guests, as the spec words it. */
export const requireSignIn: Guard = (request, reply, done) => {
  if (refuseGuest(request, reply)) return;
  done();
};

/**
 * A person at the keyboard, signed in with a session: account deletion and the like are not for
 * integrators' API keys, which can leak with a script.
 */
export const requireSession: Guard = (request, reply, done) => {
  if (refuseGuest(request, reply)) return;
  if (request.viewer.apiKeyId) {
    sendError(reply, 403, {
      error: 'forbidden',
      message: 'This action needs a signed-in session, not an API key',
    });
    return;
  }
  done();
};

/** Spec section 6: admins only, and only with a session (an admin's API key is not an admin console). */
export const requireAdmin: Guard = (request, reply, done) => {
  if (refuseGuest(request, reply)) return;
  if (!request.viewer.isAdmin || request.viewer.apiKeyId) {
    sendError(reply, 403, { error: 'forbidden', message: 'Administrator access required' });
    return;
  }
  done();
};
