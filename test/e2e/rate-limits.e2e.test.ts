// An integrator over their budget, as the unmodified `openai` client sees it: a 429 that reaches the SDK as
// RateLimitError with Retry-After (so its own back-off waits the right time) and the request's id; every
// answer on the way says how much of the budget is left.
import OpenAI, { RateLimitError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

const KEY_BUDGET = 2;

describe('rate limits seen by an API client', () => {
  let stack: Stack;
  let apiKey: string;
  beforeAll(async () => {
    // The worker is not needed: the refused call never reaches a queue.
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway'],
      env: { API_KEY_PER_MINUTE: String(KEY_BUDGET) },
    });
    // The first account is the administrator, and administrators have API access.
    const admin = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username: 'integrator',
      password: 'a long enough password',
    });
    const key = await stack.api<{ key: string }>('POST', '/api/user/api-keys', admin.body.token, {
      name: 'budget test',
    });
    expect(key.status).toBe(201);
    apiKey = key.body.key;
  }, 180_000);
  afterAll(() => stack?.stop());

  it('counts down the key, then the SDK gets RateLimitError with Retry-After', async () => {
    const remaining = [];
    for (let i = 0; i < KEY_BUDGET; i++) {
      const res = await fetch(`${stack.url}/api/models`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(KEY_BUDGET));
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['1', '0']);

    const client = new OpenAI({ apiKey, baseURL: `${stack.url}/v1`, maxRetries: 0 });
    const refused = await client.images
      .generate({ prompt: 'a lighthouse at dusk', size: '1024x1024' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    const error = refused as RateLimitError;
    expect(error.status).toBe(429);
    const retryAfter = Number(error.headers?.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.headers?.get('x-ratelimit-remaining')).toBe('0');
    expect(error.requestID).toMatch(/^[0-9a-f-]{36}$/);
    // OpenAI's shape (its wording is the /v1 error formatter's), so the SDK filled in a message.
    expect(error.message).toMatch(/^429 /);
  }, 60_000);
});
