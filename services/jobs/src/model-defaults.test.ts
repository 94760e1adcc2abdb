import type { AdvertisedModel } from '@pictura/common/queues';
import { describe, expect, it } from 'vitest';
import { advertisedModel } from '../test/advertised-model.fixture.ts';
import { defaultModelFor, markDefaults, NO_SAFETY_CHECK, safetyModelFor } from './model-defaults.ts';

const model = advertisedModel;

// What a worker with the built-ins, SD-Turbo, the HQ upscaler and the NSFW classifier installed advertises.
const offered = [
  model('pictura-abstract', 'generate', { builtin: true }),
  model('pictura-emoji', 'generate', { builtin: true }),
  model('sd-turbo', 'generate', { isDefault: true }),
  model('pictura-upscale-x4', 'upscale', { builtin: true, isDefault: true }),
  model('esrgan-thick-x4', 'upscale'),
  model('nsfw-mobilenet-v2', 'safety', { isDefault: true }),
];
const builtinsOnly = [
  model('pictura-abstract', 'generate', { builtin: true }),
  model('pictura-emoji', 'generate', { builtin: true, isDefault: true }),
  model('pictura-upscale-x4', 'upscale', { builtin: true, isDefault: true }),
];

describe('the model a request naming none gets', () => {
  it("is the admin's choice while a worker offers it for that kind", () => {
    expect(defaultModelFor('generate', 'pictura-abstract', offered)).toBe('pictura-abstract');
    expect(defaultModelFor('upscale', 'esrgan-thick-x4', offered)).toBe('esrgan-thick-x4');
    expect(defaultModelFor('safety', 'nsfw-mobilenet-v2', offered)).toBe('nsfw-mobilenet-v2');
  });

  it("is the workers' default when the admin chose nothing", () => {
    expect(defaultModelFor('generate', '', offered)).toBe('sd-turbo');
    expect(defaultModelFor('upscale', '', offered)).toBe('pictura-upscale-x4');
    expect(defaultModelFor('safety', '', offered)).toBe('nsfw-mobilenet-v2');
  });

  it("falls back to the workers' default once the chosen model is removed, or when it is of another kind", () => {
    expect(defaultModelFor('generate', 'removed-model', offered)).toBe('sd-turbo');
    expect(defaultModelFor('generate', 'removed-model', builtinsOnly)).toBe('pictura-emoji');
    expect(defaultModelFor('upscale', 'esrgan-thick-x4', builtinsOnly)).toBe('pictura-upscale-x4');
    expect(defaultModelFor('generate', 'esrgan-thick-x4', offered)).toBe('sd-turbo');
    expect(defaultModelFor('safety', 'nsfw-mobilenet-v2', builtinsOnly)).toBe('');
  });

  it('is the built-in when no worker marks a default of that kind', () => {
    const unmarked = offered.map((m) => ({ ...m, isDefault: false }));
    // Pictura Emoji, the built-in that draws what prompts name.
    expect(defaultModelFor('generate', '', unmarked)).toBe('pictura-emoji');
    expect(defaultModelFor('upscale', '', unmarked)).toBe('pictura-upscale-x4');
    expect(defaultModelFor('safety', '', unmarked)).toBe('');
  });

  it("keeps the admin's choice while no worker has said what it offers (the job waits for one)", () => {
    expect(defaultModelFor('generate', 'sd-turbo', [])).toBe('sd-turbo');
    expect(defaultModelFor('generate', '', [])).toBe('pictura-emoji');
    expect(defaultModelFor('upscale', '', [])).toBe('pictura-upscale-x4');
  });
});

describe('the safety classifier a job is checked with', () => {
  it("is the admin's choice, none when the admin turned the check off, else the workers' default", () => {
    expect(safetyModelFor('nsfw-mobilenet-v2', offered)).toBe('nsfw-mobilenet-v2');
    expect(safetyModelFor(NO_SAFETY_CHECK, offered)).toBe('');
    expect(safetyModelFor('', offered)).toBe('nsfw-mobilenet-v2');
  });

  it('is none when no worker offers a classifier', () => {
    expect(safetyModelFor('', builtinsOnly)).toBe('');
    expect(safetyModelFor('nsfw-mobilenet-v2', builtinsOnly)).toBe('');
  });

  it('is left to the worker while no worker has said what it offers, unless the admin chose', () => {
    expect(safetyModelFor('', [])).toBeUndefined();
    expect(safetyModelFor('nsfw-mobilenet-v2', [])).toBe('nsfw-mobilenet-v2');
    expect(safetyModelFor(NO_SAFETY_CHECK, [])).toBe('');
  });
});

describe('the default mark on the model list', () => {
  const defaults = (models: AdvertisedModel[]) =>
    models.filter((m) => m.isDefault).map((m) => `${m.kind}:${m.name}`);

  it('marks exactly the model each kind resolves to', () => {
    const choices = { generate: 'pictura-abstract', upscale: 'esrgan-thick-x4', safety: '' };
    expect(defaults(markDefaults(offered, choices))).toEqual([
      'generate:pictura-abstract',
      'upscale:esrgan-thick-x4',
      'safety:nsfw-mobilenet-v2',
    ]);
  });

  it('marks no classifier when the admin turned the check off', () => {
    const choices = { generate: '', upscale: '', safety: NO_SAFETY_CHECK };
    expect(defaults(markDefaults(offered, choices))).toEqual([
      'generate:sd-turbo',
      'upscale:pictura-upscale-x4',
    ]);
  });
});
