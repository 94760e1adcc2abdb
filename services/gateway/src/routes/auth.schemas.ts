import { type Static, Type } from 'typebox';

export const UserBody = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    username: Type.String(),
    email: Type.String({ description: 'Empty when unset' }),
    picture: Type.String({ description: 'Avatar link; empty means the default avatar' }),
    avatar: Type.String({ description: 'Same as picture' }),
    role: Type.String(),
    is_admin: Type.Boolean(),
    banned: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'User' },
);
export type UserBody = Static<typeof UserBody>;

export const Credentials = Type.Object(
  {
    username: Type.String({ maxLength: 128 }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof Credentials>;

export const SignInBody = Type.Object({ token: Type.String(), user: Type.Ref('User') });

export const MeBody = Type.Object({
  authenticated: Type.Boolean(),
  user: Type.Union([Type.Ref('User'), Type.Null()]),
});

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 4294967295 }) });
export const UserAction = Type.Union([
  Type.Literal('ban'),
  Type.Literal('unban'),
  Type.Literal('admin'),
  Type.Literal('unadmin'),
]);

export const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});

export const ProfileUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 64 })),
    avatar: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

export const ApiKeyBody = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});

export const NewApiKey = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const Success = Type.Object({ success: Type.Boolean() });
