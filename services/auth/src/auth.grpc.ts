// Maps AuthService RPCs onto the accounts, Google sign-in and API key services.
import type { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { type AccountsService, isAdmin, type SignInResult } from './accounts.service.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { ApiKeyRow, UserRow } from './db/schema.ts';
import type { GoogleSignIn } from './google-sign-in.service.ts';
import type { RecoveryService } from './recovery.service.ts';
import type { SigningKeys } from './signing-keys.ts';

export { isAdmin };

export function toUserMessage(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    username: user.username ?? '',
    email: user.email ?? '',
    picture: user.picture,
    role: user.role,
    isAdmin: isAdmin(user),
    createdAt: user.createdAt.toISOString(),
    banned: user.bannedAt !== null,
  };
}

const toSignIn = (result: SignInResult) => ({
  token: result.token,
  sessionId: result.sessionId,
  user: toUserMessage(result.user),
});

const toApiKeyMessage = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? '',
  webhookUrl: row.webhookUrl,
});

export function authGrpc(deps: {
  accounts: AccountsService;
  google: GoogleSignIn;
  apiKeys: ApiKeysService;
  recovery: RecoveryService;
  keys: SigningKeys;
}): ServiceImpl<typeof AuthService> {
  const { accounts, google, apiKeys, recovery } = deps;
  const jwksJson = JSON.stringify(deps.keys.jwks());
  return {
    getUser: async ({ userId }) => toUserMessage(await accounts.getUser(userId)),
    register: async ({ username, password, clientIp, securityCheckPassed }) =>
      toSignIn(await accounts.register({ username, password, clientIp, securityCheckPassed })),
    login: async ({ username, password, clientIp, securityCheckPassed }, { requestId }) =>
      toSignIn(await accounts.login({ username, password, clientIp, requestId, securityCheckPassed })),
    async logout({ sessionId }) {
      await accounts.logout(sessionId);
      return {};
    },
    getPublicKeys: async () => ({ jwksJson }),
    checkSession: async ({ sessionId }) => accounts.checkSession(sessionId),
    updateProfile: async ({ callerId, name, avatar }) =>
      toUserMessage(await accounts.updateProfile(callerId, { name, avatar })),
    async confirmAccountOwner({ callerId, sessionId, password, confirmation }) {
      await accounts.confirmAccountOwner(callerId, sessionId, { password, confirmation });
      return {};
    },
    async deleteAccount({ callerId }) {
      await accounts.deleteAccount(callerId);
      return {};
    },
    async listUsers({ callerId, cursor, limit, query }) {
      // A user id is a PostgreSQL integer: a larger cursor (4294967296) is junk, like any other, not a 500.
      const afterId = /^\d{1,10}$/.test(cursor) && Number(cursor) <= 2147483647 ? Number(cursor) : 0;
      const page = await accounts.listUsers(callerId, { afterId, limit, query: query || undefined });
      return {
        users: page.users.map(toUserMessage),
        nextCursor: page.nextAfterId ? String(page.nextAfterId) : '',
      };
    },
    setAdmin: async ({ callerId, userId, isAdmin: admin }) =>
      toUserMessage(await accounts.setAdmin(callerId, userId, admin)),
    setBanned: async ({ callerId, userId, banned }) =>
      toUserMessage(await accounts.setBanned(callerId, userId, banned)),
    setUserPassword: async ({ callerId, userId, password }) =>
      toUserMessage(await accounts.setUserPassword(callerId, userId, password)),
    getUserStats: async ({ callerId, days }) => accounts.userStats(callerId, days),
    listAuditLog: (request) => accounts.listAuditLog(request),
    getSignInMethods: async () => ({ google: google.configured(), password: true }),
    startOAuth: async ({ redirectUri, locale }) => ({
      loginUrl: await google.start({ redirectUri, locale }),
    }),
    completeOAuth: async ({ query }) => google.complete(query),
    redeemHandoff: async ({ handoffCode }) => toSignIn(await google.redeem(handoffCode)),
    async createApiKey({ callerId, name, webhookUrl }) {
      const { key, row } = await apiKeys.create(callerId, name, webhookUrl);
      return { key, apiKey: toApiKeyMessage(row) };
    },
    listApiKeys: async ({ callerId }) => ({ apiKeys: (await apiKeys.list(callerId)).map(toApiKeyMessage) }),
    async revokeApiKey({ callerId, id }) {
      await apiKeys.revoke(callerId, id);
      return {};
    },
    verifyApiKey: async ({ key }) => apiKeys.verify(key),
    updateApiKey: async ({ callerId, id, webhookUrl }) =>
      toApiKeyMessage(await apiKeys.setWebhookUrl(callerId, id, webhookUrl)),
    getAccountSecurity: async ({ callerId }) => recovery.accountSecurity(callerId),
    async changePassword({ callerId, sessionId, currentPassword, newPassword }) {
      await recovery.changePassword({ callerId, sessionId, currentPassword, newPassword });
      return {};
    },
    requestEmailVerification: async ({ callerId, email, locale }) =>
      recovery.requestEmailVerification(callerId, email, locale),
    verifyEmail: async ({ token }) => toUserMessage(await recovery.verifyEmail(token)),
    getRecoveryOptions: async () => recovery.options(),
    async requestPasswordReset({ login, clientIp, locale }) {
      await recovery.requestPasswordReset({ login, clientIp, locale });
      return {};
    },
    async resetPassword({ token, newPassword }) {
      await recovery.resetPassword(token, newPassword);
      return {};
    },
  };
}
