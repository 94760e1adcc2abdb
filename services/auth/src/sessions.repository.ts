import { createHash } from 'node:crypto';
import type { Database } from '@pictura/common/database';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  loginFailures,
  oauthHandoffs,
  oauthStates,
  type SessionRow,
  type schema,
  sessions,
} from './db/schema.ts';

export interface SessionsRepository {
  create(session: { id: string; userId: number; expiresAt: Date }): Promise<void>;
  /** Inserts the session unless one with its id exists; resolves whether this call inserted it. */
  createOnce(session: { id: string; userId: number; expiresAt: Date }): Promise<boolean>;
  find(id: string): Promise<SessionRow | undefined>;
  revoke(id: string): Promise<void>;
  /** Ends every session of the user, but `keepId` when given (a password change keeps the caller's). */
  revokeAllOf(userId: number, keepId?: string): Promise<void>;
}

export function createSessionsRepository(db: Database<typeof schema>): SessionsRepository {
  return {
    async create(session) {
      await db.insert(sessions).values(session);
    },
    async createOnce(session) {
      const inserted = await db
        .insert(sessions)
        .values(session)
        .onConflictDoNothing({ target: sessions.id })
        .returning({ id: sessions.id });
      return inserted.length > 0;
    },
    async find(id) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },
    async revoke(id) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async revokeAllOf(userId, keepId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepId ? ne(sessions.id, keepId) : undefined,
          ),
        );
    },
  };
}

export interface ThrottleCount {
  failures: number;
  windowStartedAt: Date;
  lastFailedAt: Date;
}

export interface LoginThrottleRepository {
  /** Failures counted for the key in the window that started at or after `since`. */
  failures(key: string, since: Date): Promise<number>;
  /** Each key's failures in its window that started after `since` and its latest failure; absent keys have none. */
  read(keys: string[], since: Date): Promise<Map<string, ThrottleCount>>;
  /**
   * Adds one failure; a window older than `since` starts again at 1. Rows of any key whose window
   * started before `staleBefore` are deleted on the way, so the table does not grow without bound.
   */
  recordFailure(key: string, since: Date, staleBefore?: Date): Promise<void>;
  /**
   * Counts one, as recordFailure does, unless the key's window already holds `limit`; answers whether it
   * counted. One statement: concurrent calls never take more than `limit` between them.
   */
  take(key: string, since: Date, limit: number, staleBefore?: Date): Promise<boolean>;
  /** Takes back one count of the key (a taken slot that was not used). */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createLoginThrottleRepository(db: Database<typeof schema>): LoginThrottleRepository {
  /**
   * Deletes rows whose window started before `staleBefore`, then adds one to the key's window (a window older
   * than `since` starts again at 1), unless it holds `limit`. Resolves the counted row, or none when refused.
   */
  async function countOne(key: string, since: Date, staleBefore: Date, limit?: number) {
    await db.delete(loginFailures).where(lt(loginFailures.windowStartedAt, staleBefore));
    const now = new Date();
    const inWindow = sql`${loginFailures.windowStartedAt} > ${since.toISOString()}::timestamptz`;
    return db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStartedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          lastFailedAt: now,
          failures: sql`CASE WHEN ${inWindow} THEN ${loginFailures.failures} + 1 ELSE 1 END`,
          windowStartedAt: sql`CASE WHEN ${inWindow} THEN ${loginFailures.windowStartedAt} ELSE ${now.toISOString()}::timestamptz END`,
        },
        ...(limit === undefined
          ? {}
          : { setWhere: sql`NOT (${inWindow}) OR ${loginFailures.failures} < ${limit}` }),
      })
      .returning({ failures: loginFailures.failures });
  }

  return {
    async failures(key, since) {
      const [row] = await db
        .select()
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.windowStartedAt, since)))
        .limit(1);
      return row?.failures ?? 0;
    },
    async read(keys, since) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select()
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.windowStartedAt, since)));
      return new Map(
        rows.map(({ key, failures, windowStartedAt, lastFailedAt }) => [
          key,
          { failures, windowStartedAt, lastFailedAt },
        ]),
      );
    },
    async recordFailure(key, since, staleBefore = since) {
      await countOne(key, since, staleBefore);
    },
    async take(key, since, limit, staleBefore = since) {
      if (limit <= 0) return false;
      return (await countOne(key, since, staleBefore, limit)).length > 0;
    },
    async giveBack(key) {
      await db
        .update(loginFailures)
        .set({ failures: sql`${loginFailures.failures} - 1` })
        .where(and(eq(loginFailures.key, key), gt(loginFailures.failures, 0)));
    },
    async clear(key) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}

export interface OAuthStateRow {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  locale: string;
  expiresAt: Date;
}

export interface OAuthRepository {
  saveState(row: OAuthStateRow): Promise<void>;
  /** Returns the state and deletes it, so a callback can be completed once. */
  takeState(state: string): Promise<OAuthStateRow | undefined>;
  saveHandoff(code: string, userId: number, expiresAt: Date): Promise<void>;
  /** Returns the user id and deletes the code; undefined when unknown or expired. */
  takeHandoff(code: string): Promise<number | undefined>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function createOAuthRepository(db: Database<typeof schema>): OAuthRepository {
  return {
    async saveState(row) {
      // Abandoned sign-ins would otherwise pile up.
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
      await db.insert(oauthStates).values(row);
    },
    async takeState(state) {
      const [row] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
      return row && row.expiresAt > new Date() ? row : undefined;
    },
    async saveHandoff(code, userId, expiresAt) {
      await db.delete(oauthHandoffs).where(lt(oauthHandoffs.expiresAt, new Date()));
      await db.insert(oauthHandoffs).values({ codeHash: sha256(code), userId, expiresAt });
    },
    async takeHandoff(code) {
      const [row] = await db
        .delete(oauthHandoffs)
        .where(eq(oauthHandoffs.codeHash, sha256(code)))
        .returning();
      return row && row.expiresAt > new Date() ? row.userId : undefined;
    },
  };
}
