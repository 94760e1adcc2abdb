import { describe, expect, it } from 'vitest';
import type { ModelDefaults, ModelInfo, ModelTask } from '../../api/models.ts';
import {
  catalogueTiming,
  defaultOptions,
  finishedSince,
  forbidsCommercialUse,
  hasRunningTask,
  huggingFaceReference,
  progressPercent,
  SETTLE_MS,
  shouldPoll,
  sortInstalled,
  taskFor,
} from './models-model.ts';

function model(name: string, patch: Partial<ModelInfo> = {}): ModelInfo {
  return { name, kind: 'generate', title: name, description: '', builtin: false, default: false, ...patch };
}

function task(model: string, state: ModelTask['state'], requestedAt = '2026-11-26T10:00:00Z'): ModelTask {
  return {
    model,
    action: 'install',
    state,
    progress: null,
    error: null,
    requested_at: requestedAt,
    finished_at: null,
  };
}

const AUTOMATIC: ModelDefaults = { generate: '', upscale: '', safety: '' };

describe('following install and remove tasks', () => {
  it('polls while a task waits for a worker or runs, and stops when all have ended', () => {
    expect(hasRunningTask({ tasks: [task('sd-turbo', 'waiting')] })).toBe(true);
    expect(hasRunningTask({ tasks: [task('sd-turbo', 'active')] })).toBe(true);
    expect(hasRunningTask({ tasks: [task('sd-turbo', 'completed'), task('x', 'failed')] })).toBe(false);
    expect(hasRunningTask(undefined)).toBe(false);
  });

  it('keeps polling a while after a task ends, until the workers offer the change', () => {
    const ended = { tasks: [task('sd-turbo', 'completed')] };
    expect(shouldPoll(ended, 1000 + SETTLE_MS, 1000)).toBe(true);
    expect(shouldPoll(ended, 1000 + SETTLE_MS, 1000 + SETTLE_MS)).toBe(false);
    expect(shouldPoll({ tasks: [task('sd-turbo', 'active')] }, 0, 1000)).toBe(true);
  });

  it("shows a model's newest task", () => {
    const tasks = [
      task('sd-turbo', 'failed', '2026-11-26T10:00:00Z'),
      task('sd-turbo', 'active', '2026-11-26T10:05:00Z'),
      task('other', 'waiting', '2026-11-26T10:09:00Z'),
    ];
    expect(taskFor('sd-turbo', tasks)?.state).toBe('active');
    expect(taskFor('missing', tasks)).toBeUndefined();
  });

  it('notices the tasks that have just ended, so the models list is fetched again', () => {
    const before = [task('a', 'active'), task('b', 'waiting'), task('c', 'completed')];
    const after = [task('a', 'completed'), task('b', 'active'), task('c', 'completed')];
    expect(finishedSince(before, after)).toEqual(['a']);
  });

  it('reads progress as a percent of the bytes, unknown without a total', () => {
    const progress = {
      phase: 'download' as const,
      bytes_done: 250,
      bytes_total: 1000,
      bytes_per_second: 10,
      eta_seconds: 75,
      file: null,
    };
    expect(progressPercent(progress)).toBe(25);
    expect(progressPercent({ ...progress, bytes_total: 0 })).toBeNull();
    expect(progressPercent({ ...progress, bytes_done: 2000 })).toBe(100);
    expect(progressPercent(null)).toBeNull();
  });
});

describe('the commercial-use warning', () => {
  it('shows only when the licence forbids commercial use', () => {
    expect(forbidsCommercialUse({ name: 'sai-nc-community', url: '', commercial_use: false })).toBe(true);
    expect(forbidsCommercialUse({ name: 'MIT', url: '', commercial_use: true })).toBe(false);
    expect(forbidsCommercialUse(undefined)).toBe(false);
  });
});

describe('the default selector of a kind', () => {
  const installed = [
    model('builtin', { title: 'Abstract art (demo)', builtin: true, default: true }),
    model('sd-turbo', { title: 'SD-Turbo' }),
    model('hq', { kind: 'upscale', title: 'ESRGAN' }),
    model('nsfw', { kind: 'safety', title: 'NSFW check', default: true }),
  ];

  it("offers automatic, named after the workers' pick, and the installed models of the kind", () => {
    expect(defaultOptions('generate', installed, AUTOMATIC)).toEqual([
      { value: '', role: 'automatic', title: 'Abstract art (demo)' },
      { value: 'builtin', role: 'model', title: 'Abstract art (demo)' },
      { value: 'sd-turbo', role: 'model', title: 'SD-Turbo' },
    ]);
  });

  it('offers "no image check" for the safety kind only', () => {
    expect(defaultOptions('safety', installed, AUTOMATIC).map((option) => option.value)).toEqual([
      '',
      'nsfw',
      'none',
    ]);
    expect(defaultOptions('upscale', installed, AUTOMATIC).some((option) => option.role === 'none')).toBe(
      false,
    );
  });

  it('does not claim to know the automatic pick while an administrator has chosen', () => {
    const options = defaultOptions('generate', installed, { ...AUTOMATIC, generate: 'sd-turbo' });
    expect(options[0]).toEqual({ value: '', role: 'automatic' });
  });

  it('keeps a saved choice that no worker offers any more, marked unavailable', () => {
    const options = defaultOptions('generate', installed, { ...AUTOMATIC, generate: 'removed-model' });
    expect(options.at(-1)).toEqual({ value: 'removed-model', role: 'unavailable' });
  });
});

describe('the Hugging Face field', () => {
  it('accepts a repository with or without the prefix and revision', () => {
    expect(huggingFaceReference('hf:onnxruntime/sd-turbo@abc123')).toBe('hf:onnxruntime/sd-turbo@abc123');
    expect(huggingFaceReference('  onnxruntime/sd-turbo ')).toBe('hf:onnxruntime/sd-turbo');
  });

  it('refuses what is not a repository reference', () => {
    expect(huggingFaceReference('sd-turbo')).toBeNull();
    expect(huggingFaceReference('https://huggingface.co/onnxruntime/sd-turbo')).toBeNull();
    expect(huggingFaceReference('hf:a/b/c')).toBeNull();
    expect(huggingFaceReference('')).toBeNull();
  });
});

describe('the installed list', () => {
  it('groups by kind with the default first', () => {
    const sorted = sortInstalled([
      model('nsfw', { kind: 'safety', title: 'NSFW' }),
      model('b', { title: 'B' }),
      model('a', { title: 'A', default: true }),
      model('up', { kind: 'upscale', title: 'Up' }),
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual(['a', 'b', 'up', 'nsfw']);
  });
});

describe("a catalogue entry's time needs", () => {
  it('reads generate seconds per image, upscale and image-check milliseconds', () => {
    expect(catalogueTiming({ kind: 'generate' }, 8)).toEqual({ seconds: 8, per: 'image' });
    expect(catalogueTiming({ kind: 'upscale' }, 8500)).toEqual({ seconds: 8.5, per: 'megapixel' });
    expect(catalogueTiming({ kind: 'safety' }, 20)).toEqual({ seconds: 0.02, per: 'image' });
    expect(catalogueTiming({ kind: 'generate' }, undefined)).toBeNull();
  });
});
