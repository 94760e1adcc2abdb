// The auth service's configuration, read once from the environment (services/common/src/config.ts).
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { z } from 'zod';
import { parseSigningKeys } from './signing-keys.ts';

export const authConfigShape = {
  ...baseConfigShape,
  METRICS_PORT: configTypes.port.default(9101),
  /** JSON list of private keys (PKCS#8 PEM or JWK, Ed25519 or P-256); the first signs, all verify. */
  AUTH_SIGNING_KEYS: z
    .string()
    .optional()
    .refine((value) => {
      if (value === undefined) return true;
      try {
        return parseSigningKeys(value).length > 0;
      } catch {
        return false;
      }
    }, 'expected a PEM private key or a JSON list of PEM private keys or private JWKs (Ed25519 or P-256)'),
  AUTH_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Failed sign-ins of one (account, address) pair before it must pass the security check (sign-in-throttle.ts). */
  AUTH_SIGN_IN_FAILURES_BEFORE_CHECK: z.coerce.number().int().min(1).max(100).default(3),
  /** Accounts one address creates in an hour before the next needs the security check (of at most 5). */
  AUTH_REGISTRATIONS_BEFORE_CHECK: z.coerce.number().int().min(0).max(5).default(2),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Where users open the product (as the gateway's PUBLIC_URL): links in mails start with it. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Outgoing mail for password reset and address confirmation: smtp://user:password@host:587 (STARTTLS
   * when offered) or smtps://user:password@host:465. Unset: reset by e-mail is off.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'expected smtp:// or smtps://')
    .optional(),
  /** The sender, e.g. "Pictura <no-reply@example.com>"; unset: no-reply@ the PUBLIC_URL's host. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export const loadAuthConfig = () => loadConfig(authConfigShape);
