import { describe, expect, it } from 'vitest';
import { gatewayAppForSuite } from '../../../test/support/gateway-app.ts';
import { validationError } from './routes/openai-errors.ts';
import { hasControlCharacters, TEXT_FORMATS } from './text-schemas.ts';

describe('the free-text rule', () => {
  const singleLine = TEXT_FORMATS['single-line-text'].validate;
  const multiLine = TEXT_FORMATS['multi-line-text'].validate;

  it('refuses NUL, escapes, DEL and C1 controls on one line and over several', () => {
    for (const text of ['a\u0000b', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009f']) {
      expect(singleLine(text), JSON.stringify(text)).toBe(false);
      expect(multiLine(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('takes line breaks and tabs only where text spans lines', () => {
    expect(multiLine('a fox\n\tin the snow\r\n')).toBe(true);
    expect(singleLine('a fox\nin the snow')).toBe(false);
    expect(hasControlCharacters('a\tb', true)).toBe(false);
    expect(hasControlCharacters('a\tb', false)).toBe(true);
  });

  it('takes every printable script, emoji and the empty string', () => {
    for (const text of ['', 'Pictura', 'ثعلب في الثلج', '狐', '🦊‍🔥', 'é', '\u00a0', '\u202e']) {
      expect(singleLine(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('lets a password hold any character but NUL, so every password that can be set can sign in', () => {
    const secret = TEXT_FORMATS['secret-text'].validate;
    expect(secret('tab\there \u0001\u007f 🦊')).toBe(true);
    expect(secret('pass\u0000word')).toBe(false);
  });

  it("words a /v1 refusal in OpenAI's shape, naming the field", () => {
    expect(
      validationError({ keyword: 'format', instancePath: '/prompt', params: { format: 'multi-line-text' } }),
    ).toEqual({
      error: {
        message: 'prompt must not contain control characters.',
        type: 'invalid_request_error',
        param: 'prompt',
        code: 'invalid_value',
      },
    });
  });
});

// On the real app: the rule and the integer bounds answer 400 before anything reaches a service (whose address
// here has nothing listening, so a request that got through would answer 503).
describe('text and integers at the edge', () => {
  const gateway = gatewayAppForSuite();

  const generate = (body: unknown) =>
    gateway.app.inject({ method: 'POST', url: '/api/generate', payload: body as object });

  it.each([
    ['a NUL in the prompt', { prompt: 'a cat\u0000' }, 'prompt'],
    ['an escape in the prompt', { prompt: 'a cat \u001b[2J' }, 'prompt'],
    ['a NUL in the negative prompt', { prompt: 'a cat', negative_prompt: '\u0000' }, 'negative_prompt'],
    ['a line break in the model name', { prompt: 'a cat', model: 'x\ny' }, 'model'],
  ])('refuses %s with a clear 400', async (_, body, field) => {
    const res = await generate(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      message: `${field} must not contain control characters`,
    });
  });

  it('still asks for a description when the prompt is blank, and lets a multi-line prompt through', async () => {
    expect((await generate({ prompt: ' \n ' })).json().error).toBe('prompt_required');
    // Past validation: the absent jobs service answers.
    expect((await generate({ prompt: 'a cat\n\tin the snow' })).statusCode).toBe(503);
  });

  it.each(['1e400', 'Infinity', '-1e400', 'NaN', '1.5', '-0'])(
    'refuses limit=%s in a query as a 400, not a 500',
    async (value) => {
      const res = await gateway.app.inject({
        method: 'GET',
        url: `/api/user/webhooks/deliveries?limit=${value}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_request',
        message: expect.stringMatching(/^limit /),
      });
    },
  );

  it("refuses a badly encoded address with a JSON 400, in OpenAI's shape under /v1", async () => {
    const api = await gateway.app.inject({ method: 'GET', url: '/api/jobs/%E0%A4%A' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ error: 'invalid_url', message: 'The address is not validly encoded' });
    const v1 = await gateway.app.inject({ method: 'GET', url: '/v1/models/%E0%A4%A' });
    expect(v1.statusCode).toBe(400);
    expect(v1.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_url' } });
  });

  it('refuses a control character in a path value', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/jobs/abc%00def' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      message: 'id must not contain control characters',
    });
  });
});
