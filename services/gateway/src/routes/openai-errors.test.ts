import { describe, expect, it } from 'vitest';
import { openAiBody, validationError } from './openai-errors.ts';

describe('OpenAI error shape', () => {
  it.each([
    [{ keyword: 'required', params: { missingProperty: 'prompt' } }, 'prompt', 'missing_required_parameter'],
    [
      { keyword: 'additionalProperties', params: { additionalProperty: 'colour' } },
      'colour',
      'unknown_parameter',
    ],
    [{ keyword: 'maximum', instancePath: '/n', message: 'must be <= 4', params: {} }, 'n', 'invalid_value'],
    [
      { keyword: 'enum', instancePath: '/response_format', params: { allowedValues: ['url', 'b64_json'] } },
      'response_format',
      'invalid_value',
    ],
  ])('names the parameter of a schema failure (%o)', (ajv, param, code) => {
    expect(validationError(ajv)).toEqual({
      error: { message: expect.stringContaining(param), type: 'invalid_request_error', param, code },
    });
  });

  it('reads the parameter at fault from our own reasons, and renames unknown_model as OpenAI does', () => {
    expect(openAiBody(400, 'Unknown model: x', 'unknown_model').error).toMatchObject({
      param: 'model',
      code: 'model_not_found',
    });
    expect(openAiBody(400, 'bad size', 'invalid_size').error.param).toBe('size');
    expect(openAiBody(400, 'no', 'unsupported_model_capability').error.param).toBe('model');
    expect(openAiBody(401, 'Invalid API key', 'invalid_api_key').error).toEqual({
      message: 'Invalid API key',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    });
  });

  it.each([
    [429, 'requests'],
    [500, 'server_error'],
    [503, 'server_error'],
    [404, 'invalid_request_error'],
  ])('types a %i as %s', (status, type) => {
    expect(openAiBody(status, 'm', null).error.type).toBe(type);
  });
});
