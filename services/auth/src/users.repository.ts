import type { Database } from '@pictura/common/database';
import { eq } from 'drizzle-orm';
import { type schema, type UserRow, users } from './db/schema.ts';

export interface UsersRepository {
  findById(id: number): Promise<UserRow | undefined>;
}

export function createUsersRepository(db: Database<typeof schema>): UsersRepository {
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
  };
}
