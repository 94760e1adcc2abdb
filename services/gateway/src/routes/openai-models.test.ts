import { create } from '@bufbuild/protobuf';
import { ModelInfoSchema } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENAI_MODEL_ALIASES, resolveModelAlias } from './openai-model-aliases.ts';
import { listOpenAiModels } from './openai-models.routes.ts';

const models = [
  create(ModelInfoSchema, { name: 'pictura-emoji', kind: 'generate', builtin: true, isDefault: true }),
  create(ModelInfoSchema, { name: 'pictura-abstract', kind: 'generate', builtin: true }),
  create(ModelInfoSchema, {
    name: 'sd-turbo',
    kind: 'generate',
    source: 'hf:stabilityai/sd-turbo@abc',
    installedAt: '2025-01-02T03:04:05.000Z',
  }),
  create(ModelInfoSchema, { name: 'pictura-upscale-x4', kind: 'upscale', builtin: true, isDefault: true }),
];

describe('OpenAI model names', () => {
  it('maps every OpenAI image model to the default by default, and passes our names through', () => {
    for (const name of ['dall-e-2', 'dall-e-3', 'gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5']) {
      expect(resolveModelAlias(name, DEFAULT_OPENAI_MODEL_ALIASES)).toBe('');
    }
    expect(resolveModelAlias(undefined, DEFAULT_OPENAI_MODEL_ALIASES)).toBe('');
    expect(resolveModelAlias('sd-turbo', DEFAULT_OPENAI_MODEL_ALIASES)).toBe('sd-turbo');
    expect(resolveModelAlias('toString', DEFAULT_OPENAI_MODEL_ALIASES)).toBe('toString');
    expect(resolveModelAlias('dall-e-3', { 'dall-e-3': 'sd-turbo' })).toBe('sd-turbo');
  });

  it('lists the generate models, then the OpenAI names whose target is offered', () => {
    const listed = listOpenAiModels(models, {
      'dall-e-3': '',
      'gpt-image-1': 'sd-turbo',
      'dall-e-2': 'gone',
    });
    expect(listed).toEqual([
      { id: 'pictura-emoji', object: 'model', created: 0, owned_by: 'pictura' },
      { id: 'pictura-abstract', object: 'model', created: 0, owned_by: 'pictura' },
      { id: 'sd-turbo', object: 'model', created: 1735787045, owned_by: 'stabilityai' },
      { id: 'dall-e-3', object: 'model', created: 0, owned_by: 'pictura' },
      { id: 'gpt-image-1', object: 'model', created: 1735787045, owned_by: 'stabilityai' },
    ]);
  });
});
