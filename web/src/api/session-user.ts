// The signed-in user as the server describes it (spec 7: /api/auth/me). In a module of its own so that the
// session store (auth-storage.ts), which the HTTP layer reads, does not import the sign-in calls built on it.
export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email: string;
  picture: string;
  avatar?: string;
  role: string;
  is_admin: boolean;
}
