// The payment return parameters (spec section 3) are signed by billing with HMAC-SHA256, so the success page
// can tell a real completed checkout from an address someone typed. Checked in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const RETURN_FIELDS = [
  'checkout_id',
  'order_id',
  'customer_id',
  'subscription_id',
  'product_id',
  'request_id',
] as const;
export type ReturnFields = Record<(typeof RETURN_FIELDS)[number], string>;

export interface ReturnSigner {
  sign(fields: ReturnFields): string;
  verify(fields: ReturnFields, signature: string): boolean;
}

/** One line per field, in a fixed order, each value URI-encoded: no two field sets share a message. */
const messageOf = (fields: ReturnFields) =>
  RETURN_FIELDS.map((name) => `${name}=${encodeURIComponent(fields[name])}`).join('\n');

export function createReturnSigner(secret: string): ReturnSigner {
  const sign = (fields: ReturnFields) => createHmac('sha256', secret).update(messageOf(fields)).digest('hex');
  return {
    sign,
    verify(fields, signature) {
      if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(fields), 'hex'), Buffer.from(signature, 'hex'));
    },
  };
}

/** The secret kept under DATA_DIR when none is configured: generated once, readable only by its owner. */
export function loadOrCreateSecretFile(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
