// Bodies of account recovery: password change, the e-mail address, and reset by e-mail.
import { type Static, Type } from 'typebox';
import { SecretText, SingleLineText } from '../text-schemas.ts';

/** Passwords are hashed, never stored or shown, so any character is theirs to use (as at sign-in). */
const Password = (description: string) => SecretText({ maxLength: 1024, description });

/** The language of the mail and of the page its link opens; others than en and ar get English mail. */
const Lang = Type.Optional(
  SingleLineText({ maxLength: 10, pattern: '^[a-z]{2}(-[A-Za-z]{2,4})?$', description: 'e.g. "en", "ar"' }),
);

/** A link's token: 32 random bytes, base64url. */
const Token = SingleLineText({
  minLength: 1,
  maxLength: 64,
  description: 'The token of the link in the mail',
});

export const PasswordChange = Type.Object(
  {
    current_password: Password('The password in use now'),
    new_password: Password('8-128 characters, not only digits, not the username'),
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;

export const ForgotPassword = Type.Object(
  {
    login: SingleLineText({
      minLength: 1,
      maxLength: 254,
      description: 'A username or a verified e-mail address',
    }),
    lang: Lang,
  },
  { additionalProperties: false },
);

export const ResetPassword = Type.Object(
  {
    token: Token,
    password: Password('The new password: 8-128 characters, not only digits, not the username'),
  },
  { additionalProperties: false },
);

export const EmailChange = Type.Object(
  {
    email: SingleLineText({ minLength: 3, maxLength: 254, description: 'The address to confirm' }),
    lang: Lang,
  },
  { additionalProperties: false },
);

export const EmailVerification = Type.Object({ token: Token }, { additionalProperties: false });

export const AccountSecurityBody = Type.Object({
  has_password: Type.Boolean({ description: 'False for accounts that sign in only with Google' }),
  email: Type.String({ description: 'The verified address; empty for none' }),
  email_verified: Type.Boolean(),
  pending_email: Type.String({ description: 'An address whose confirmation link has not been opened yet' }),
  mail_enabled: Type.Boolean({ description: 'Whether this server sends mail (SMTP configured)' }),
});

export const RecoveryOptionsBody = Type.Object({
  email_reset: Type.Boolean({
    description: 'Whether reset by e-mail works here; without it the operator resets passwords',
  }),
});

export const ResetRequested = Type.Object({ success: Type.Boolean(), message: Type.String() });
