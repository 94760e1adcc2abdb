import { WEBHOOK_URL_MAX_LENGTH } from '@pictura/common/webhook-url';
import { type Static, Type } from 'typebox';
import { NumericId, PageLimit, SecretText, SingleLineText } from '../text-schemas.ts';
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
    username: SingleLineText({ maxLength: 128 }),
    password: SecretText({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof Credentials>;

export const SignInBody = Type.Object({ token: Type.String(), user: Type.Ref('User') });

export const MeBody = Type.Object({
  authenticated: Type.Boolean(),
  user: Type.Union([Type.Ref('User'), Type.Null()]),
});

export const UserIdParams = Type.Object({ id: NumericId() });
export const UserAction = Type.Union([
  Type.Literal('ban'),
  Type.Literal('unban'),
  Type.Literal('admin'),
  Type.Literal('unadmin'),
]);

export const PageQuery = Type.Object({
  cursor: Type.Optional(SingleLineText({ maxLength: 64 })),
  limit: Type.Optional(PageLimit(100)),
  q: Type.Optional(SingleLineText({ maxLength: 100 })),
});

export const ProfileUpdate = Type.Object(
  {
    name: Type.Optional(SingleLineText({ maxLength: 64 })),
    avatar: Type.Optional(SingleLineText({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

/** Deleting the account proves it is the owner: the password, or without one the name shown, typed. */
export const AccountDeletion = Type.Object(
  {
    password: Type.Optional(
      SecretText({ maxLength: 1024, description: 'The account’s password (accounts that have one)' }),
    ),
    confirmation: Type.Optional(
      SingleLineText({
        maxLength: 256,
        description:
          'Accounts without a password (Google sign-in): the username, else e-mail address, typed; the session must be under 10 minutes old',
      }),
    ),
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
  { name: SingleLineText({ minLength: 1, maxLength: 64 }), webhook_url: WebhookUrlField },
  { additionalProperties: false },
);

export const ApiKeyUpdate = Type.Object(
  {
    webhook_url: Type.Union([SingleLineText({ maxLength: WEBHOOK_URL_MAX_LENGTH }), Type.Null()], {
      description: 'The default webhook URL of calls made with this key; null or "" clears it',
    }),
  },
  { additionalProperties: false },
);

export const Success = Type.Object({ success: Type.Boolean() });
