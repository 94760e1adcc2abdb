// The user as the account routes answer it (UserBody, schema id 'User'), shared by sign-in, the account,
// the admin's user list and account recovery.
import type { User } from '@pictura/common/gen/auth/v1/auth_pb';
import type { UserBody } from './auth.schemas.ts';

export function toUserBody(user: User): UserBody {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    picture: user.picture,
    avatar: user.picture,
    role: user.role,
    is_admin: user.isAdmin,
    banned: user.banned,
    created_at: user.createdAt,
  };
}
