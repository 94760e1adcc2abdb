import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/local-services.mjs';
import { AppError } from './app-error.ts';
import { datastoreUnavailable, isDatastoreUnavailable } from './datastore-errors.ts';
import { createRequestRedis } from './redis.ts';

describe('datastore outages', () => {
  it('recognises PostgreSQL that does not answer, and a server shutting down', async () => {
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatastoreUnavailable(refused)).toBe(true);
    // What a query gets while the server restarts (admin_shutdown), wrapped as Drizzle wraps it.
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatastoreUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
  });

  it('recognises Redis that does not answer; a request connection fails instead of waiting for it', async () => {
    const redis = createRequestRedis(`redis://127.0.0.1:${await freePort()}`);
    redis.on('error', () => {});
    const error = await redis.get('anything').then(
      () => undefined,
      (e: unknown) => e,
    );
    redis.disconnect();
    expect(isDatastoreUnavailable(error)).toBe(true);
  });

  it('leaves answers and bugs alone', () => {
    expect(isDatastoreUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatastoreUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(datastoreUnavailable()).toMatchObject({ code: 'unavailable' });
    expect(datastoreUnavailable()).toBeInstanceOf(AppError);
  });
});
