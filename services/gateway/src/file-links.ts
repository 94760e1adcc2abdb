// Who may read an image file (/files/<key>). The rule:
//
// - A file that a private history item shows (a private generation, an Ultimate plan feature) is served only
//   through a link the gateway signed for its owner: `/files/<key>?expires=<unix s>&sig=<HMAC-SHA256>`, handed
//   out in that owner's job results and history answers. Its bare URL, an expired link and a forged one all
//   answer 404, exactly as for a file that does not exist, so nobody learns that it exists.
// - Every other file is public and cached forever (keys are content hashes, so its bytes never change).
//
// Links are signed with FILES_SIGNING_SECRET, or without it with one random key per deployment kept in Redis,
// so every replica checks what another signed. A link lives FILE_LINK_TTL_S to twice that: the expiry is
// rounded up to a whole period, so the same image keeps the same URL (and the browser's cached copy) for
// that period. Which files are private is history's answer (GetImageAccess), remembered here for a while:
// a private answer never changes (a private item cannot be published), a public one is asked again after
// PUBLIC_ANSWER_TTL_MS, in case a private item showing the file was recorded since.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HistoryClient } from './clients.ts';

export const FILE_LINK_TTL_S = 3600;
const PUBLIC_ANSWER_TTL_MS = 60_000;
const MAX_REMEMBERED = 10_000;

export interface FileLinks {
  /** The URL the owner of a private file is given (relative, or on `origin`). */
  signedUrl(key: string, origin?: string): Promise<string>;
  /** Whether `expires` and `sig` are a live link for this key, signed by any replica. */
  verify(key: string, expires: string | undefined, sig: string | undefined): Promise<boolean>;
  /** Whether the file may be served without a signed link (history unreachable: its error, a 503). */
  isPublic(key: string, requestId: string): Promise<boolean>;
}

export function createFileLinks(deps: {
  redis: Redis;
  queuePrefix: string;
  secret?: string;
  /** Without history (tests of other routes) every file is public. */
  history?: HistoryClient;
  now?: () => number;
}): FileLinks {
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

  const answers = new Map<string, { isPublic: boolean; until: number }>();
  const remember = (key: string, isPublic: boolean) => {
    answers.delete(key);
    answers.set(key, { isPublic, until: isPublic ? now() + PUBLIC_ANSWER_TTL_MS : Number.POSITIVE_INFINITY });
    if (answers.size > MAX_REMEMBERED) answers.delete(answers.keys().next().value!);
    return isPublic;
  };

  return {
    async signedUrl(key, origin = '') {
      const period = FILE_LINK_TTL_S;
      const expires = (Math.floor(now() / 1000 / period) + 2) * period;
      return `${origin}/files/${key}?expires=${expires}&sig=${await sign(key, expires)}`;
    },
    async verify(key, expires, sig) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now()) return false;
      const expected = Buffer.from(await sign(key, Number(expires)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async isPublic(key, requestId) {
      if (!deps.history) return true;
      const known = answers.get(key);
      if (known && known.until > now()) return known.isPublic;
      const access = await deps.history.getImageAccess({ key }, { requestId });
      return remember(key, !access.private);
    },
  };
}
