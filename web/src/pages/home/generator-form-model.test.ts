import { describe, expect, it } from 'vitest';
import { INITIAL_FORM_VALUES, toGenerateRequest, validateGeneratorForm } from './generator-form-model.ts';

const values = (overrides: Partial<typeof INITIAL_FORM_VALUES>) => ({ ...INITIAL_FORM_VALUES, ...overrides });

describe('validateGeneratorForm', () => {
  it('requires a prompt that is not only spaces', () => {
    expect(validateGeneratorForm(values({ prompt: '' }))).toEqual({ prompt: 'required' });
    expect(validateGeneratorForm(values({ prompt: '  \n ' }))).toEqual({ prompt: 'required' });
    expect(validateGeneratorForm(values({ prompt: 'a fox' }))).toEqual({});
  });

  it('accepts an empty seed or a whole number up to 2^32-1', () => {
    expect(validateGeneratorForm(values({ prompt: 'x', seed: '' }))).toEqual({});
    expect(validateGeneratorForm(values({ prompt: 'x', seed: '0' }))).toEqual({});
    expect(validateGeneratorForm(values({ prompt: 'x', seed: '4294967295' }))).toEqual({});
  });

  it.each(['-1', '1.5', 'abc', '4294967296', '1e5', '99999999999'])('rejects seed %j', (seed) => {
    expect(validateGeneratorForm(values({ prompt: 'x', seed }))).toEqual({ seed: 'invalid' });
  });
});

describe('toGenerateRequest', () => {
  it('builds the snake_case body with trimmed text and composition none', () => {
    expect(
      toGenerateRequest(
        values({
          prompt: '  a red fox ',
          negativePrompt: ' blur ',
          aspectRatio: 'portrait_9_16',
          style: 'watercolor',
          color: 'cold',
          lighting: 'spotlight',
          count: 4,
          seed: ' 42 ',
        }),
      ),
    ).toEqual({
      prompt: 'a red fox',
      negative_prompt: 'blur',
      aspect_ratio: 'portrait_9_16',
      style: 'watercolor',
      color: 'cold',
      lighting: 'spotlight',
      composition: 'none',
      count: 4,
      seed: 42,
    });
  });

  it('asks for a transparent background only when the option is on', () => {
    expect(toGenerateRequest(values({ prompt: 'x', transparent: true }))).toMatchObject({
      background: 'transparent',
    });
    expect(toGenerateRequest(values({ prompt: 'x' }))).not.toHaveProperty('background');
  });

  it('leaves the seed out when none is given, so the server picks one', () => {
    expect(toGenerateRequest(values({ prompt: 'x' }))).not.toHaveProperty('seed');
  });

  it('sends the chosen model, and none for the server default', () => {
    expect(toGenerateRequest(values({ prompt: 'x', model: 'sd-turbo' }))).toMatchObject({
      model: 'sd-turbo',
    });
    expect(toGenerateRequest(values({ prompt: 'x' }))).not.toHaveProperty('model');
  });
});
