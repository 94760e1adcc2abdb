import { AppError } from '@pictura/common/app-error';
import type { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import type { UsersRepository } from './users.repository.ts';

/** Spec section 6: admin when the id is 1, the role is admin, or is_admin is set. */
export function isAdmin(user: { id: number; role: string; isAdmin: boolean }): boolean {
  return user.id === 1 || user.role === 'admin' || user.isAdmin;
}

export function authGrpc(users: UsersRepository): ServiceImpl<typeof AuthService> {
  return {
    async getUser({ userId }) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found', 'User not found', 'user_not_found');
      return {
        id: user.id,
        name: user.name,
        username: user.username ?? '',
        email: user.email ?? '',
        picture: user.picture,
        role: user.role,
        isAdmin: isAdmin(user),
        createdAt: user.createdAt.toISOString(),
      };
    },
  };
}
