import { WEBHOOK_URL_MAX_LENGTH } from '@pictura/common/webhook-url';
import { type Static, Type } from 'typebox';
import { WebhookUrlField } from './webhooks.schemas.ts';

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
  webhook_url: Type.Union([Type.String(), Type.Null()], {
    description: 'Default webhook URL of calls made with this key; null for none',
  }),
});

export const NewApiKey = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64 }), webhook_url: WebhookUrlField },
  { additionalProperties: false },
);

export const ApiKeyUpdate = Type.Object(
  {
    webhook_url: Type.Union([Type.String({ maxLength: WEBHOOK_URL_MAX_LENGTH }), Type.Null()], {
      description: 'The default webhook URL of calls made with this key; null or "" clears it',
    }),
  },
  { additionalProperties: false },
);

export const Success = Type.Object({ success: Type.Boolean() });
