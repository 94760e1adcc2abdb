// API keys for integrators: `sk_` + 256 random bits, shown once, stored as a SHA-256 hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { webhookUrlRefusal } from '@pictura/common/webhook-url';
import { isAdmin, isUuid } from './accounts.service.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';
import type { ApiKeyRow } from './db/schema.ts';
import type { PlanApiAccess } from './plan-access.repository.ts';
import { seenRecently, type UserStatsRepository } from './user-stats.repository.ts';
import type { UsersRepository } from './users.repository.ts';

export const API_KEY_PREFIX = 'sk_';
const MAX_KEYS_PER_USER = 20;
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The shape and literal-address rule of a key's default webhook URL. Loopback passes here: only the gateway
 * knows whether this instance allows it (tests), and it checks before calling; jobs checks again on use.
 */
function checkWebhookUrl(url: string): void {
  const refused = webhookUrlRefusal(url, { allowLoopback: true });
  if (refused) throw new AppError('invalid_argument', refused.message, refused.error);
}

export function createApiKeysService(deps: {
  keys: ApiKeysRepository;
  users: UsersRepository;
  userStats: UserStatsRepository;
  /** Billing's answer: the user's plan includes API access (Enterprise). Without it, admins only. */
  planApiAccess?: PlanApiAccess;
}) {
  /** API access comes with the Enterprise plan (an entitlement from billing), and administrators have it. */
  async function requireApiAccess(userId: number) {
    const user = userId ? await deps.users.findById(userId) : undefined;
    if (!user || user.bannedAt)
      throw new AppError('unauthenticated', 'Please login first', 'unauthenticated');
    if (!isAdmin(user) && !(await deps.planApiAccess?.(user.id))) {
      throw new AppError(
        'permission_denied',
        'API access is not included in your plan',
        'api_access_required',
      );
    }
    return user;
  }

  return {
    async create(callerId: number, name: string, webhookUrl = ''): Promise<{ key: string; row: ApiKeyRow }> {
      await requireApiAccess(callerId);
      checkWebhookUrl(webhookUrl);
      const label = name.trim();
      if (label.length === 0 || label.length > 64) {
        throw new AppError('invalid_argument', 'Key name must be 1 to 64 characters', 'invalid_key_name');
      }
      if ((await deps.keys.listOf(callerId)).length >= MAX_KEYS_PER_USER) {
        throw new AppError(
          'failed_precondition',
          `At most ${MAX_KEYS_PER_USER} keys; revoke one first`,
          'too_many_keys',
        );
      }
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await deps.keys.create({
        id: randomUUID(),
        userId: callerId,
        name: label,
        prefix: key.slice(0, 10),
        keyHash: hashKey(key),
        webhookUrl,
      });
      return { key, row };
    },

    /** Sets (or with '' clears) the default webhook URL of one of the caller's keys. */
    async setWebhookUrl(callerId: number, id: string, webhookUrl: string): Promise<ApiKeyRow> {
      checkWebhookUrl(webhookUrl);
      const row = isUuid(id) ? await deps.keys.setWebhookUrl(callerId, id, webhookUrl) : undefined;
      if (!row) throw new AppError('not_found', 'API key not found', 'api_key_not_found');
      return row;
    },

    list: (callerId: number) => deps.keys.listOf(callerId),

    async revoke(callerId: number, id: string): Promise<void> {
      if (!isUuid(id) || !(await deps.keys.revoke(callerId, id))) {
        throw new AppError('not_found', 'API key not found', 'api_key_not_found');
      }
    },

    /** The key's owner, when the key is live and the owner still has API access. */
    async verify(
      key: string,
    ): Promise<{ userId: number; isAdmin: boolean; keyId: string; webhookUrl: string }> {
      const refused = new AppError('unauthenticated', 'Invalid API key', 'invalid_api_key');
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) throw refused;
      const row = await deps.keys.use(hashKey(key));
      if (!row) throw refused;
      const user = await requireApiAccess(row.userId).catch(() => {
        throw refused;
      });
      if (!seenRecently(user)) await deps.userStats.markSeen(user.id);
      return { userId: user.id, isAdmin: isAdmin(user), keyId: row.id, webhookUrl: row.webhookUrl };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
