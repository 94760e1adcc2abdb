import { type AuditRecord, createAuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { isUniqueViolation } from '@pictura/common/pg-errors';
import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { auditLog, credentials, type schema, type UserRow, users } from './db/schema.ts';

export interface NewUser {
  username?: string | null;
  name: string;
  email?: string | null;
  picture?: string;
  googleSubject?: string | null;
}

export interface UsersRepository {
  findById(id: number): Promise<UserRow | undefined>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<UserRow | undefined>;
  findByGoogleSubject(subject: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** Creates the user (and its password hash when given) in one transaction; undefined when the name is taken. */
  create(user: NewUser, passwordHash?: string): Promise<UserRow | undefined>;
  passwordHashOf(userId: number): Promise<string | undefined>;
  /**
   * Sets (or, for an account without one, adds) the user's password hash; with `audit` (an admin's reset),
   * its audit entry in the same transaction.
   */
  setPasswordHash(userId: number, passwordHash: string, audit?: AuditRecord): Promise<void>;
  /** With `audit` (an admin's change), its audit entry is written in the same transaction. */
  update(
    id: number,
    changes: Partial<Pick<UserRow, 'name' | 'picture' | 'isAdmin' | 'bannedAt' | 'googleSubject' | 'email'>>,
    audit?: AuditRecord,
  ): Promise<UserRow | undefined>;
  /** Ascending by id, after the given id. */
  list(afterId: number, limit: number, query?: string): Promise<UserRow[]>;
  delete(id: number): Promise<void>;
}

export function createUsersRepository(db: Database<typeof schema>): UsersRepository {
  const auditLogOf = createAuditLogRepository(db, auditLog);
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByUsername(username) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    async findByGoogleSubject(subject) {
      const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
      return row;
    },
    async findByEmail(email) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async create(user, passwordHash) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              username: user.username ?? null,
              name: user.name,
              email: user.email ?? null,
              picture: user.picture ?? '',
              googleSubject: user.googleSubject ?? null,
            })
            .returning();
          if (passwordHash) await tx.insert(credentials).values({ userId: row!.id, passwordHash });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    async passwordHashOf(userId) {
      const [row] = await db.select().from(credentials).where(eq(credentials.userId, userId)).limit(1);
      return row?.passwordHash;
    },
    async setPasswordHash(userId, passwordHash, audit) {
      await db.transaction(async (tx) => {
        await tx
          .insert(credentials)
          .values({ userId, passwordHash })
          .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: new Date() } });
        if (audit) await auditLogOf.record(audit, tx);
      });
    },
    async update(id, changes, audit) {
      if (!audit) {
        const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
        return row;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
        if (row && audit) await auditLogOf.record(audit, tx);
        return row;
      });
    },
    async list(afterId, limit, query) {
      const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      return db
        .select()
        .from(users)
        .where(
          and(
            gt(users.id, afterId),
            pattern
              ? or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
              : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
    },
    async delete(id) {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}
