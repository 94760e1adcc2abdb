// The signed links of private generations' files: one works for its key until it expires, every replica
// (same Redis, no shared secret configured) accepts what another signed, and nothing else passes.
import { afterAll, describe, expect, it } from 'vitest';
import { testRedis } from '../../../test/support/redis.ts';
import { createFileLinks, FILE_LINK_TTL_S } from './file-links.ts';

const KEY = `${'a'.repeat(64)}.png`;
const OTHER = `${'b'.repeat(64)}.png`;

describe('file links', () => {
  const env = testRedis();
  afterAll(() => env.cleanup());
  let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  const replica = () => createFileLinks({ redis: env.redis, queuePrefix: env.prefix, now: () => clock });
  const parts = (url: string) => {
    const parsed = new URL(url, 'http://site');
    return { expires: parsed.searchParams.get('expires')!, sig: parsed.searchParams.get('sig')! };
  };

  it('signs a link that another replica accepts for that key only, until it expires', async () => {
    const [one, two] = [replica(), replica()];
    const url = await one.signedUrl(KEY);
    expect(url).toMatch(new RegExp(`^/files/${KEY}\\?expires=\\d+&sig=[\\w-]+$`));
    // The same URL for the whole period, so the browser's copy is reused.
    expect(await one.signedUrl(KEY)).toBe(url);
    const { expires, sig } = parts(url);
    expect(await two.verify(KEY, expires, sig)).toBe(true);
    expect(await two.verify(OTHER, expires, sig)).toBe(false);
    expect(await two.verify(KEY, String(Number(expires) + 3600), sig)).toBe(false);
    expect(await two.verify(KEY, expires, `${sig.slice(0, -2)}xx`)).toBe(false);
    expect(await two.verify(KEY, expires, undefined)).toBe(false);
    expect(await two.verify(KEY, '1e400', sig)).toBe(false);

    clock += FILE_LINK_TTL_S * 1000;
    expect(await two.verify(KEY, expires, sig)).toBe(true);
    clock += FILE_LINK_TTL_S * 1000;
    expect(await two.verify(KEY, expires, sig)).toBe(false);
  });

  it('refuses links signed with another secret', async () => {
    const mine = createFileLinks({ redis: env.redis, queuePrefix: env.prefix, secret: 'x'.repeat(32) });
    const theirs = createFileLinks({ redis: env.redis, queuePrefix: env.prefix, secret: 'y'.repeat(32) });
    const { expires, sig } = parts(await theirs.signedUrl(KEY));
    expect(await mine.verify(KEY, expires, sig)).toBe(false);
  });
});
