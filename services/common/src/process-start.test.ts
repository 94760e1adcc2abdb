import { execFile } from 'node:child_process';
import * as nodeModule from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// What a process started with the preload loads: the files of drizzle-orm Node read, and whether the ORM's
// functions work through the ES module imports our code writes.
const probe = `
  const { pgTable, integer } = await import('drizzle-orm/pg-core');
  const { eq, sql } = await import('drizzle-orm');
  const table = pgTable('t', { id: integer('id') });
  const { createRequire } = await import('node:module');
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('/drizzle-orm/'));
  console.log(JSON.stringify({ works: typeof eq(table.id, 1) === 'object' && typeof sql === 'function', loaded }));
`;

async function startWithPreload(): Promise<{ works: boolean; loaded: string[] }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--import', '@pictura/common/process-start', '--input-type=module', '-e', probe],
    { cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('process start', () => {
  it("loads drizzle-orm's CommonJS build behind our ES module imports where Node has module hooks, and changes nothing where it has none", async () => {
    const { works, loaded } = await startWithPreload();
    expect(works).toBe(true);
    if ('registerHooks' in nodeModule) {
      expect(loaded).toEqual(
        expect.arrayContaining([expect.stringMatching(/drizzle-orm\/pg-core\/index\.cjs$/)]),
      );
      expect(loaded.filter((file) => !file.endsWith('.cjs'))).toEqual([]);
    } else {
      expect(loaded).toEqual([]);
    }
  }, 20_000);
});
