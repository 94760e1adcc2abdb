// One-time links of account recovery: password resets and e-mail verifications. Only the SHA-256 of a token
// is stored; taking a token deletes it, so a link works once.
import { createHash } from 'node:crypto';
import type { Database } from '@pictura/common/database';
import { and, desc, eq, gt, lt, or } from 'drizzle-orm';
import { emailVerifications, passwordResets, type schema } from './db/schema.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RecoveryTokensRepository {
  /** Stores a reset link for the user; the user's older links stop working. */
  savePasswordReset(userId: number, token: string, expiresAt: Date): Promise<void>;
  /** The user id of an unexpired link, leaving it in place (to check the new password first). */
  peekPasswordReset(token: string): Promise<number | undefined>;
  /** The user id of an unexpired link, deleting it; undefined when unknown, used or expired. */
  takePasswordReset(token: string): Promise<number | undefined>;
  /** Stores a verification link for the address; the user's older links stop working. */
  saveEmailVerification(userId: number, email: string, token: string, expiresAt: Date): Promise<void>;
  takeEmailVerification(token: string): Promise<{ userId: number; email: string } | undefined>;
  /** The address of the user's unexpired verification link, if any. */
  pendingEmailOf(userId: number): Promise<string | undefined>;
  /** Drops the user's unused reset links (after a password change or a reset). */
  dropPasswordResetsOf(userId: number): Promise<void>;
}

export function createRecoveryTokensRepository(db: Database<typeof schema>): RecoveryTokensRepository {
  return {
    async savePasswordReset(userId, token, expiresAt) {
      await db.transaction(async (tx) => {
        // Expired rows of anyone go on the way, so the table does not grow without bound.
        await tx
          .delete(passwordResets)
          .where(or(eq(passwordResets.userId, userId), lt(passwordResets.expiresAt, new Date())));
        await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId, expiresAt });
      });
    },
    async peekPasswordReset(token) {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, new Date())))
        .limit(1);
      return row?.userId;
    },
    async takePasswordReset(token) {
      const [row] = await db
        .delete(passwordResets)
        .where(eq(passwordResets.tokenHash, hashToken(token)))
        .returning();
      return row && row.expiresAt > new Date() ? row.userId : undefined;
    },
    async saveEmailVerification(userId, email, token, expiresAt) {
      await db.transaction(async (tx) => {
        await tx
          .delete(emailVerifications)
          .where(or(eq(emailVerifications.userId, userId), lt(emailVerifications.expiresAt, new Date())));
        await tx.insert(emailVerifications).values({ tokenHash: hashToken(token), userId, email, expiresAt });
      });
    },
    async takeEmailVerification(token) {
      const [row] = await db
        .delete(emailVerifications)
        .where(eq(emailVerifications.tokenHash, hashToken(token)))
        .returning();
      return row && row.expiresAt > new Date() ? { userId: row.userId, email: row.email } : undefined;
    },
    async pendingEmailOf(userId) {
      const [row] = await db
        .select({ email: emailVerifications.email })
        .from(emailVerifications)
        .where(and(eq(emailVerifications.userId, userId), gt(emailVerifications.expiresAt, new Date())))
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1);
      return row?.email;
    },
    async dropPasswordResetsOf(userId) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}
