import { describe, expect, it } from 'vitest';
import { gatewayAppForSuite } from '../../../../test/support/gateway-app.ts';

// /v1 answers every refusal in OpenAI's error shape, never our {error, message} nor the web page. Built
// without auth, every caller here is a guest, which /v1 refuses before doing anything.
describe('the /v1 surface', () => {
  const gateway = gatewayAppForSuite();

  const openAiError = (body: unknown) =>
    expect(body).toEqual({
      error: {
        message: expect.any(String),
        type: expect.any(String),
        param: expect.toBeOneOf([null, expect.any(String)]),
        code: expect.toBeOneOf([null, expect.any(String)]),
      },
    });

  it.each([
    ['GET', '/v1/models'],
    ['GET', '/v1/models/dall-e-3'],
    ['POST', '/v1/images/generations'],
    ['POST', '/v1/images/edits'],
    ['POST', '/v1/images/variations'],
  ] as const)('refuses %s %s without an API key: 401 in OpenAI shape', async (method, url) => {
    const res = await gateway.app.inject({
      method,
      url,
      payload: method === 'POST' ? { prompt: 'a cat' } : undefined,
    });
    expect(res.statusCode).toBe(401);
    openAiError(res.json());
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'missing_api_key' });
  });

  it.each([
    ['GET', '/v1/nothing-here'],
    ['POST', '/v1/chat/completions'],
    ['GET', '/v1'],
    ['GET', '/v1/images'],
  ] as const)('answers %s %s with a 404 in OpenAI shape, not the web page', async (method, url) => {
    const res = await gateway.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    openAiError(res.json());
    expect(res.json().error).toMatchObject({ code: 'unknown_url', type: 'invalid_request_error' });
  });

  it.each([
    ['GET', '/v1/images/generations', 'POST'],
    ['DELETE', '/v1/models', 'GET'],
    ['POST', '/v1/models/dall-e-3', 'GET'],
    ['PUT', '/v1/images/variations', 'POST'],
  ] as const)('answers %s %s with a 405 naming the method it takes', async (method, url, allowed) => {
    const res = await gateway.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allowed);
    openAiError(res.json());
    expect(res.json().error.code).toBe('method_not_allowed');
  });

  it('keeps {error, message} outside /v1', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });

  it('documents each /v1 operation under its OpenAI name', async () => {
    const doc = (await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/v1/images/generations']?.post?.operationId).toBe('createImage');
    expect(doc.paths['/v1/images/edits']?.post?.operationId).toBe('createImageEdit');
    expect(doc.paths['/v1/images/variations']?.post?.operationId).toBe('createImageVariation');
    expect(doc.paths['/v1/models']?.get?.operationId).toBe('listModels');
    expect(doc.paths['/v1/models/{model}']?.get?.operationId).toBe('retrieveModel');
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
  });
});
