// Account recovery (issue 17): change the password, add and confirm an e-mail address, and reset a forgotten
// password with a link sent by mail. Auth holds the rules, the tokens and the limits; this is the HTTP face.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AccountSecurity } from '@pictura/common/gen/auth/v1/auth_pb';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AuthClient } from '../clients.ts';
import { errorResponses as errors, requireSession } from '../route-guards.ts';
import {
  AccountSecurityBody,
  EmailChange,
  EmailVerification,
  ForgotPassword,
  PasswordChange,
  RecoveryOptionsBody,
  ResetPassword,
  ResetRequested,
} from './account-recovery.schemas.ts';
import { toUserBody } from './auth.bodies.ts';

/** The one answer to a reset request, whether an account matches or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account with a verified e-mail address matches, we sent it a link to reset the password.';

const toSecurityBody = (security: AccountSecurity) => ({
  has_password: security.hasPassword,
  email: security.email,
  email_verified: security.email !== '',
  pending_email: security.pendingEmail,
  mail_enabled: security.mailEnabled,
});

export async function accountRecoveryRoutes(app: FastifyInstance, deps: { auth: AuthClient }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = deps;
  const Success = Type.Object({ success: Type.Boolean() });

  api.get(
    '/api/auth/recovery-options',
    {
      schema: {
        operationId: 'getRecoveryOptions',
        summary: 'Whether a forgotten password can be reset by e-mail on this server',
        tags: ['auth'],
        response: { 200: RecoveryOptionsBody, ...errors },
      },
    },
    async (request) => {
      const options = await auth.getRecoveryOptions({}, { requestId: request.id });
      return { email_reset: options.mailEnabled };
    },
  );

  api.post(
    '/api/auth/forgot-password',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link (valid 30 minutes, once) to the account’s verified address',
        description:
          'The same answer whether an account matches or not. 409 mail_not_configured when this server has no ' +
          'SMTP server (the operator resets passwords: npm run admin -- reset-password <username>); ' +
          '429 too_many_requests past 10 requests an hour from one address. An account gets at most 3 mails an hour.',
        tags: ['auth'],
        body: ForgotPassword,
        response: { 202: ResetRequested, ...errors },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(
        { login: request.body.login, clientIp: request.ip, locale: request.body.lang ?? 'en' },
        { requestId: request.id },
      );
      return reply.status(202).send({ success: true, message: RESET_REQUESTED_MESSAGE });
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with the link’s token; every session of the account ends',
        description:
          '400 link_expired for an unknown, used or expired token; 400 weak_password or invalid_password when the ' +
          'new password breaks the rules (the link stays usable). The user then signs in with the new password.',
        tags: ['auth'],
        body: ResetPassword,
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(
        { token: request.body.token, newPassword: request.body.password },
        { requestId: request.id },
      );
      return { success: true };
    },
  );

  api.post(
    '/api/auth/password',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; every other session of the account ends',
        description:
          '400 wrong_password when the current password is wrong (429 too_many_attempts after 10 in an hour); ' +
          '400 weak_password or invalid_password for a new one that breaks the rules; 409 no_password for an ' +
          'account that signs in only with Google. Other sessions may keep working for up to 5 seconds.',
        tags: ['user'],
        body: PasswordChange,
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(
        {
          callerId: request.viewer.userId,
          sessionId: request.viewer.sessionId ?? '',
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        },
        { requestId: request.id },
      );
      return { success: true };
    },
  );

  api.get(
    '/api/account/security',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'getAccountSecurity',
        summary: 'Password and e-mail address of the account: set, verified, waiting for confirmation',
        tags: ['user'],
        response: { 200: AccountSecurityBody, ...errors },
      },
    },
    async (request) =>
      toSecurityBody(
        await auth.getAccountSecurity({ callerId: request.viewer.userId }, { requestId: request.id }),
      ),
  );

  api.post(
    '/api/account/email',
    {
      preHandler: requireSession,
      schema: {
        operationId: 'requestEmailVerification',
        summary: 'Add or change the e-mail address: mails a confirmation link (valid 24 hours, once)',
        description:
          'The address counts as verified only once the link is opened. 400 invalid_email; 409 ' +
          'mail_not_configured without an SMTP server; 429 too_many_requests past 5 mails an hour; 503 ' +
          'mail_failed when the mail server refused it.',
        tags: ['user'],
        body: EmailChange,
        response: { 200: AccountSecurityBody, ...errors },
      },
    },
    async (request) =>
      toSecurityBody(
        await auth.requestEmailVerification(
          { callerId: request.viewer.userId, email: request.body.email, locale: request.body.lang ?? 'en' },
          { requestId: request.id },
        ),
      ),
  );

  api.post(
    '/api/account/email/verify',
    {
      schema: {
        operationId: 'verifyEmail',
        summary:
          'Confirm an e-mail address with the token of its link (no sign-in needed: the link is the proof)',
        description:
          '400 link_expired for an unknown, used or expired token; 409 email_taken when another account holds the address.',
        tags: ['user'],
        body: EmailVerification,
        response: { 200: Type.Object({ user: Type.Ref('User') }), ...errors },
      },
    },
    async (request) => {
      const user = await auth.verifyEmail({ token: request.body.token }, { requestId: request.id });
      return { user: toUserBody(user) };
    },
  );
}
