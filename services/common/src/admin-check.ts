// Services that hold admin-only data ask auth, which owns users and roles, whether a caller is an admin,
// instead of trusting whoever called them. The answer is reused briefly, as the gateway's session check is.
import { AppError } from './app-error.ts';
import type { AuthService } from './gen/auth/v1/auth_pb.ts';
import type { ServiceClient } from './grpc-types.ts';

export interface AdminCheck {
  /** Throws permission_denied unless `callerId` is an admin (spec section 6) who is not banned. */
  requireAdmin(callerId: number): Promise<void>;
}

export function createAdminCheck(auth: ServiceClient<typeof AuthService>, cacheMs = 2000): AdminCheck {
  const answers = new Map<number, { admin: boolean; at: number }>();
  return {
    async requireAdmin(callerId) {
      if (callerId === 0) throw new AppError('unauthenticated', 'Please login first');
      const cached = answers.get(callerId);
      let admin = cached && Date.now() - cached.at < cacheMs ? cached.admin : undefined;
      if (admin === undefined) {
        const user = await auth.getUser({ userId: callerId }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return undefined;
          throw error;
        });
        admin = Boolean(user?.isAdmin && !user.banned);
        if (answers.size > 1000) answers.clear();
        answers.set(callerId, { admin, at: Date.now() });
      }
      if (!admin) throw new AppError('permission_denied', 'Administrator access required');
    },
  };
}
