// The community feed with 100 000 posts and 1 000 000 likes: GET /api/community/posts (Latest and
// Popular, pages of 24, first pages and pages deep behind a cursor) through the real gateway and community
// processes on PostgreSQL. Budget: p99 under 30 ms. Prints the query plans, which must use the feeds'
// partial indexes. Run: npm run bench -- community-feed
import { loadavg } from 'node:os';
import { decodeCursor } from '@pictura/common/cursor';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ensurePostgres, ensureRedis } from '../scripts/lib/local-services.mjs';
import { schema } from '../services/community/src/db/schema.ts';
import { createPostsRepository, type FeedSort } from '../services/community/src/posts.repository.ts';
import { startStack } from '../test/support/stack.ts';
import { httpJson } from './http-client.ts';
import { percentile, summary } from './stats.ts';

const POSTS = 100_000;
const LIKES = 1_000_000;
const PAGE = 24;
const REQUESTS = 600;
/** Each walk reads this many pages by cursor, then starts again at the top. */
const WALK = 20;
const BUDGET_P99_MS = 30;

// Seeding is one statement each, in the database: generate_series, not a million round trips.
const SEED = [
  `INSERT INTO community.posts
     (author_id, author_name, title, description, prompt, tags, image_key, image_width, image_height, created_at)
   SELECT 1 + i % 5000, 'user ' || (i % 5000), 'Post ' || i, 'Seeded for the benchmark', 'a prompt ' || i,
          ARRAY[(ARRAY['sea','sky','city','forest','portrait','anime','night','dawn'])[1 + i % 8], 'tag' || (i % 500)],
          md5(i::text) || md5((i + 1)::text) || '.png', 512, 512,
          now() - (i * interval '25 seconds')
   FROM generate_series(1, ${POSTS}) AS g(i)`,
  // A few moderated posts and banned authors, so the partial indexes have something to leave out.
  `UPDATE community.posts SET hidden_at = now() WHERE author_id % 97 = 0`,
  `UPDATE community.posts SET author_banned = true WHERE author_id % 101 = 0`,
  // One like per (post, user): users 1..1 000 000, each liking one post, skewed towards recent posts.
  `WITH picks AS MATERIALIZED (
     SELECT i AS user_id, 1 + floor(power(random(), 3) * ${POSTS})::int AS rn FROM generate_series(1, ${LIKES}) AS g(i)
   ), numbered AS MATERIALIZED (
     SELECT id, created_at, row_number() OVER (ORDER BY created_at DESC) AS rn FROM community.posts
   )
   INSERT INTO community.likes (post_id, user_id, created_at)
   SELECT n.id, p.user_id, n.created_at + random() * interval '1 day' FROM picks p JOIN numbered n USING (rn)`,
  `UPDATE community.posts p SET likes = c.n
   FROM (SELECT post_id, count(*)::int AS n FROM community.likes GROUP BY post_id) c WHERE p.id = c.post_id`,
  'VACUUM ANALYZE community.posts',
  'VACUUM ANALYZE community.likes',
];

const redis = await ensureRedis({ url: process.env.REDIS_URL });
const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL });
const stack = await startStack({
  redisUrl: redis.url,
  postgresUrl: postgres.url,
  env: { LOG_LEVEL: 'warn' },
  processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
});
const pool = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
const lines: string[] = [];
const plans: string[] = [];
try {
  let started = performance.now();
  for (const statement of SEED) await pool.query(statement);
  const counts = await pool.query(
    'SELECT (SELECT count(*) FROM community.posts)::int AS posts, (SELECT count(*) FROM community.likes)::int AS likes',
  );
  console.log(
    `seeded ${counts.rows[0].posts} posts and ${counts.rows[0].likes} likes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const feed = async (sort: FeedSort, cursor: string) => {
    const query = new URLSearchParams({ sort, limit: String(PAGE), ...(cursor ? { cursor } : {}) });
    const res = await httpJson('GET', `${stack.url}/api/community/posts?${query}`);
    if (res.status !== 200) throw new Error(`feed: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as { items: unknown[]; next_cursor: string | null };
  };

  /** Reads pages by cursor, WALK deep, over and over; returns each request's time and a deep cursor. */
  async function measure(sort: FeedSort, requests: number) {
    const first: number[] = [];
    const deeper: number[] = [];
    let cursor = '';
    let depth = 0;
    let deepCursor = '';
    for (let i = 0; i < requests; i++) {
      started = performance.now();
      const page = await feed(sort, cursor);
      (depth === 0 ? first : deeper).push(performance.now() - started);
      if (page.items.length !== PAGE) throw new Error(`a page of ${page.items.length}`);
      depth++;
      cursor = depth < WALK && page.next_cursor ? page.next_cursor : '';
      if (depth === WALK - 1) deepCursor = cursor;
      if (!cursor) depth = 0;
    }
    return { first, deeper, all: [...first, ...deeper], deepCursor };
  }

  for (const sort of ['latest', 'popular'] as const) await measure(sort, 100); // warm up
  const repository = createPostsRepository(drizzle(pool, { schema }));
  for (const sort of ['latest', 'popular'] as const) {
    const { first, deeper, all, deepCursor } = await measure(sort, REQUESTS);
    const met = percentile(all, 99) < BUDGET_P99_MS ? 'met' : 'MISSED';
    lines.push(`${sort.padEnd(7)} all pages    ${summary(all)} (budget p99 < ${BUDGET_P99_MS} ms: ${met})`);
    lines.push(`${sort.padEnd(7)} first page   ${summary(first)}`);
    lines.push(`${sort.padEnd(7)} pages 2-${WALK}   ${summary(deeper)}`);
    // The plans of the very queries community runs (one extra row tells whether another page follows).
    for (const [label, tag, cursor] of [
      ['first page', '', ''],
      [`page ${WALK}`, '', deepCursor],
      ['tag sea, first page', 'sea', ''],
    ] as const) {
      const query = repository.feedQuery(sort, tag, decodeCursor(cursor), PAGE + 1).toSQL();
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`, query.params);
      plans.push(
        `-- ${sort}, ${label}`,
        ...plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']),
      );
    }
  }
} finally {
  await pool.end();
  await stack.stop();
  await redis.stop();
  await postgres.stop();
}
console.log('\nQuery plans');
for (const line of plans) console.log(`  ${line}`);
console.log(
  `\nCommunity feed through the gateway, pages of ${PAGE}, ${POSTS} posts, ${LIKES} likes (load average ${loadavg()[0]!.toFixed(1)})`,
);
for (const line of lines) console.log(`  ${line}`);
process.exit(0);
