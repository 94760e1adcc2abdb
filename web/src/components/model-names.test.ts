import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../api/models.ts';
import {
  chosenModel,
  defaultModel,
  humaniseModelName,
  modelTitle,
  negativePromptApplies,
  onlyDemoGenerators,
} from './model-names.ts';

function model(name: string, patch: Partial<ModelInfo> = {}): ModelInfo {
  return { name, kind: 'generate', title: '', description: '', builtin: false, default: false, ...patch };
}

const builtin = model('builtin-abstract', { title: 'Abstract art (demo)', builtin: true, default: true });
const turbo = model('sd-turbo', {
  title: 'SD-Turbo',
  settings: { steps: 1, guidance: 0, width: 512, height: 512, fixed_size: false, negative_prompt: false },
});
const upscaler = model('builtin-upscale', { kind: 'upscale', title: 'Standard 4x', builtin: true });

describe('model titles', () => {
  it('shows the title from the models list', () => {
    expect(modelTitle('sd-turbo', [builtin, turbo])).toBe('SD-Turbo');
  });

  it('never shows a raw id: an unknown or untitled model gets a readable name', () => {
    expect(modelTitle('esrgan-thick-x4', [])).toBe('Esrgan thick x4');
    expect(modelTitle('sd_turbo', undefined)).toBe('Sd turbo');
    expect(modelTitle('sd-turbo', [model('sd-turbo')])).toBe('Sd turbo');
    expect(humaniseModelName('hf:stabilityai/sdxl-turbo@0123abc')).toBe('Sdxl turbo');
  });
});

describe('the model a request gets', () => {
  it('is the default of its kind when none is chosen', () => {
    expect(defaultModel([turbo, builtin, upscaler], 'generate')?.name).toBe('builtin-abstract');
    expect(chosenModel([turbo, builtin], 'generate', '')?.name).toBe('builtin-abstract');
  });

  it('is the chosen one when it is offered, else the default', () => {
    expect(chosenModel([turbo, builtin], 'generate', 'sd-turbo')?.name).toBe('sd-turbo');
    expect(chosenModel([turbo, builtin], 'generate', 'gone')?.name).toBe('builtin-abstract');
  });

  it('falls back to the first of its kind when none is marked default', () => {
    expect(defaultModel([upscaler, turbo], 'generate')?.name).toBe('sd-turbo');
    expect(defaultModel([turbo], 'safety')).toBeUndefined();
  });
});

describe('the demo-model notice', () => {
  it('shows while every generate model is built in', () => {
    expect(onlyDemoGenerators([builtin, upscaler])).toBe(true);
  });

  it('goes once a real generate model is installed, and waits for the list to load', () => {
    expect(onlyDemoGenerators([builtin, turbo])).toBe(false);
    expect(onlyDemoGenerators(undefined)).toBe(false);
    expect(onlyDemoGenerators([upscaler])).toBe(false);
  });
});

describe('the negative prompt', () => {
  it('has no effect on a model without guidance, and applies otherwise', () => {
    expect(negativePromptApplies(turbo)).toBe(false);
    expect(negativePromptApplies(builtin)).toBe(true);
    expect(negativePromptApplies(undefined)).toBe(true);
  });
});
