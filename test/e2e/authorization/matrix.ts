// The authorization matrix's vocabulary: who calls, what each row expects. Each product area keeps its
// rows in its own `<area>.rows.ts`; authorization-matrix.e2e.test.ts runs them all.
export const ROLES = ['guest', 'user', 'other', 'banned', 'admin', 'apiKey'] as const;
export type Role = (typeof ROLES)[number];
/** Statuses in ROLES order: guest, user, other user, banned user, admin, API key (an admin's key). */
export type Expected = [number, number, number, number, number, number];

export interface Call {
  path: string;
  body?: unknown;
}

export interface Identity {
  credential?: string;
  userId: number;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export interface MatrixContext {
  identities: Record<Role, Identity>;
  send(method: string, path: string, credential?: string, body?: unknown): Promise<Reply>;
  /** Makes a fixture (say, a job of "user") the first time a row asks for it, then reuses it. */
  once<T>(name: string, make: () => Promise<T>): Promise<T>;
}

export interface Row {
  expect: Expected;
  /** Builds the call for a caller; `fresh` rows get a new identity of that role (logout, deletion). */
  call: (ctx: MatrixContext, role: Role) => Call | Promise<Call>;
  fresh?: boolean;
  why?: string;
}

/** Method and OpenAPI path → who gets what. */
export type Rows = Record<string, Row>;
