// Signed links to private image files: `/files/<key>?expires=<unix s>&sig=<HMAC-SHA256>`. The gateway hands
// them to a private file's owner (services/gateway/src/file-links.ts holds the rule of who may read what) and
// jobs puts them in webhook payloads, so the owner's own server can fetch a private job's images.
//
// The key is FILES_SIGNING_SECRET, or without it one random key per deployment that the first process to need
// it stores in Redis (under the queue prefix), so every gateway and jobs replica checks what another signed.
// A link lives FILE_LINK_TTL_S to twice that: the expiry is rounded up to a whole period, so the same image
// keeps the same URL (and the browser's cached copy) for that period.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

export const FILE_LINK_TTL_S = 3600;

export interface FileLinkSigner {
  /** The signed URL of a file (site-relative, or on `origin`). */
  signedUrl(key: string, origin?: string): Promise<string>;
  /** Each image's signed URL by key, for publicJobBody and the history answer. */
  signedLinks(images: readonly { key: string }[], origin?: string): Promise<Map<string, string>>;
  /** Whether `expires` and `sig` are a live link for this key, signed by any replica. */
  verify(key: string, expires: string | undefined, sig: string | undefined): Promise<boolean>;
}

export function createFileLinkSigner(deps: {
  redis: Redis;
  queuePrefix: string;
  secret?: string;
  now?: () => number;
}): FileLinkSigner {
  const now = deps.now ?? Date.now;
  let secret: Promise<string> | undefined = deps.secret ? Promise.resolve(deps.secret) : undefined;
  const secretKey = `${deps.queuePrefix}:files:hmac-key`;
  const hmacKey = () => {
    secret ??= (async () => {
      await deps.redis.set(secretKey, randomBytes(32).toString('base64url'), 'NX');
      const stored = await deps.redis.get(secretKey);
      if (!stored) throw new Error('file link key missing from Redis');
      return stored;
    })().catch((error: unknown) => {
      secret = undefined; // Redis down: the next call tries again.
      throw error;
    });
    return secret;
  };
  const sign = async (key: string, expires: number) =>
    createHmac('sha256', await hmacKey())
      .update(`${key}\n${expires}`)
      .digest('base64url');

  const signedUrl = async (key: string, origin = '') => {
    const period = FILE_LINK_TTL_S;
    const expires = (Math.floor(now() / 1000 / period) + 2) * period;
    return `${origin}/files/${key}?expires=${expires}&sig=${await sign(key, expires)}`;
  };

  return {
    signedUrl,
    async signedLinks(images, origin = '') {
      return new Map(
        await Promise.all(images.map(async ({ key }) => [key, await signedUrl(key, origin)] as const)),
      );
    },
    async verify(key, expires, sig) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now()) return false;
      const expected = Buffer.from(await sign(key, Number(expires)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
