import { describe, expect, it } from 'vitest';
import { gatewayAppForSuite } from '../../../test/support/gateway-app.ts';

// Bad input is refused at the edge with {error, message} and a 4xx; it never reaches the jobs service
// (whose address here has nothing listening, so a request that got through would answer 503).
describe('gateway input validation', () => {
  const gateway = gatewayAppForSuite();

  const generate = (
    payload: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => gateway.app.inject({ method: 'POST', url: '/api/generate', payload: payload as string, headers });

  it.each([
    ['no prompt', {}],
    ['an empty prompt', { prompt: '' }],
    ['a blank prompt', { prompt: '   \n ' }],
  ])('asks for a description when given %s', async (_, body) => {
    const res = await generate(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'prompt_required', message: 'Please enter an image description' });
  });

  it('refuses an unknown option value', async () => {
    const res = await generate(JSON.stringify({ prompt: 'a cat', style: 'baroque' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_option', message: 'Unknown value for style' });
  });

  it('refuses an unknown field', async () => {
    const res = await generate(JSON.stringify({ prompt: 'a cat', steps: 50 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', message: 'Unknown field: steps' });
  });

  it('refuses a 100 KB prompt', async () => {
    const res = await generate(JSON.stringify({ prompt: 'x'.repeat(100 * 1024) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'too_long', message: 'prompt must be at most 2000 characters' });
  });

  it.each([
    ['malformed JSON', '{"prompt": "a cat"'],
    ['a JSON string', '"a cat"'],
    ['an array', '[1,2]'],
  ])('refuses %s', async (_, payload) => {
    const res = await generate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses a count above the limit and a seed out of range', async () => {
    expect((await generate(JSON.stringify({ prompt: 'a', count: 9 }))).statusCode).toBe(400);
    expect((await generate(JSON.stringify({ prompt: 'a', seed: -1 }))).statusCode).toBe(400);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await generate('prompt=a+cat', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: 'Unsupported content type' });
  });

  it('answers 503, not 500, when the jobs service is down, without leaking details', async () => {
    const res = await generate(JSON.stringify({ prompt: 'a cat' }));
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('unavailable');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers JSON 404 for unknown API paths and a missing file', async () => {
    const api = await gateway.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'not_found', message: 'Not found' });
    const file = await gateway.app.inject({ method: 'GET', url: `/files/${'b'.repeat(64)}.png` });
    expect(file.statusCode).toBe(404);
    const traversal = await gateway.app.inject({ method: 'GET', url: '/files/..%2F..%2Fpackage.json' });
    expect(traversal.statusCode).toBe(404);
  });

  it('publishes the API as an OpenAPI 3 document', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/generate', '/api/jobs/{id}', '/api/jobs/{id}/events', '/api/models']),
    );
  });
});
