import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../api/models.ts';
import { UploadError } from '../../api/upload.ts';
import {
  clampSlider,
  formatBytes,
  jobErrorMessage,
  MAX_UPLOAD_BYTES,
  progressPercent,
  uploadErrorMessage,
  upscaleErrorMessage,
  upscaleEstimateSeconds,
  upscaleModelChoice,
  upscaleTimeoutMs,
  validateUploadFile,
} from './upscaler-model.ts';

describe('validateUploadFile', () => {
  it('accepts JPG, PNG and WebP up to 10 MB', () => {
    expect(validateUploadFile({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(validateUploadFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(validateUploadFile({ type: 'image/webp', size: 1 })).toBeNull();
  });
  it('refuses what is not an image, other image types and files over 10 MB', () => {
    expect(validateUploadFile({ type: 'text/plain', size: 1 })).toEqual({ key: 'notAnImage' });
    expect(validateUploadFile({ type: '', size: 1 })).toEqual({ key: 'notAnImage' });
    expect(validateUploadFile({ type: 'image/gif', size: 1 })).toEqual({ key: 'invalidType' });
    expect(validateUploadFile({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      key: 'fileTooLarge',
    });
  });
});

describe('uploadErrorMessage', () => {
  it('maps statuses, then the server text, then the generic text', () => {
    expect(uploadErrorMessage(new UploadError(413, ''))).toEqual({ key: 'fileTooLarge' });
    expect(uploadErrorMessage(new UploadError(415, 'x'))).toEqual({ key: 'notAnImage' });
    expect(uploadErrorMessage(new UploadError(500, 'boom'))).toEqual({ key: 'server' });
    expect(uploadErrorMessage(new UploadError('timeout', ''))).toEqual({ key: 'uploadTimeout' });
    expect(uploadErrorMessage(new UploadError(400, 'No file provided'))).toEqual({
      text: 'No file provided',
    });
    expect(uploadErrorMessage(new UploadError(400, ''))).toEqual({ key: 'uploadFailed' });
    expect(uploadErrorMessage(new Error('x'))).toEqual({ key: 'uploadFailed' });
  });
});

describe('upscaleErrorMessage', () => {
  it('follows the spec catalogue', () => {
    expect(upscaleErrorMessage(new UploadError(503, ''))).toEqual({ key: 'serviceUnavailable' });
    expect(upscaleErrorMessage(new UploadError(413, ''))).toEqual({ key: 'fileTooLarge' });
    expect(upscaleErrorMessage(new UploadError(415, ''))).toEqual({ key: 'notAnImage' });
    expect(upscaleErrorMessage(new UploadError(429, ''))).toEqual({ key: 'tooManyRequests' });
    expect(upscaleErrorMessage(new UploadError(400, ''))).toEqual({ key: 'badRequest' });
    expect(upscaleErrorMessage(new UploadError(400, 'Cannot load image, please check the URL'))).toEqual({
      key: 'cannotLoad',
    });
    expect(upscaleErrorMessage(new UploadError(400, 'Odd input'))).toEqual({ text: 'Odd input' });
    expect(upscaleErrorMessage(new UploadError(502, 'x'))).toEqual({ key: 'server' });
    expect(upscaleErrorMessage(new UploadError(404, 'Gone'))).toEqual({ text: 'Gone' });
    expect(upscaleErrorMessage(new UploadError(404, ''))).toEqual({ key: 'upscaleFailed' });
    expect(upscaleErrorMessage(new UploadError('timeout', ''))).toEqual({ key: 'upscaleTimeout' });
    expect(upscaleErrorMessage(new UploadError('network', ''))).toEqual({ key: 'network' });
  });
  it('reads job errors by code, then text', () => {
    expect(jobErrorMessage({ error: 'source_missing', message: '' })).toEqual({ key: 'cannotLoad' });
    expect(jobErrorMessage({ error: 'weird', message: 'Weird' })).toEqual({ text: 'Weird' });
    expect(jobErrorMessage(null)).toEqual({ key: 'upscaleFailed' });
  });
});

describe('progress, slider and sizes', () => {
  it('caps progress at 95% until done', () => {
    expect(progressPercent(0.5, false)).toBe(50);
    expect(progressPercent(1, false)).toBe(95);
    expect(progressPercent(0.2, true)).toBe(100);
    expect(progressPercent(-1, false)).toBe(0);
  });
  it('clamps the slider', () => {
    expect(clampSlider(-5)).toBe(0);
    expect(clampSlider(120)).toBe(100);
    expect(clampSlider(33.4)).toBe(33);
  });
  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });
});

describe('the time estimate before an upscale', () => {
  it('is the time per output megapixel times the 4x output', () => {
    // 500 × 500 → 2000 × 2000 = 4 MP at 8.5 s each.
    expect(upscaleEstimateSeconds(8500, { width: 500, height: 500 })).toBeCloseTo(34, 5);
    // 800 × 600 → 3200 × 2400 = 7.68 MP at 17 s: about 2 min 10 s.
    expect(upscaleEstimateSeconds(17_000, { width: 800, height: 600 })).toBeCloseTo(130.56, 2);
  });

  it('is unknown until the model has a figure and the image its size', () => {
    expect(upscaleEstimateSeconds(null, { width: 500, height: 500 })).toBeNull();
    expect(upscaleEstimateSeconds(8500, null)).toBeNull();
    expect(upscaleEstimateSeconds(8500, { width: 0, height: 0 })).toBeNull();
  });

  it('gives a slow model time to finish, and keeps the usual minute for a fast one', () => {
    expect(upscaleTimeoutMs(null)).toBe(60_000);
    expect(upscaleTimeoutMs(5)).toBe(60_000);
    expect(upscaleTimeoutMs(130)).toBe(290_000);
  });
});

describe('upscaleModelChoice', () => {
  const model = (name: string, title: string, isDefault = false): ModelInfo => ({
    name,
    kind: 'upscale',
    title,
    description: '',
    builtin: true,
    default: isDefault,
  });
  const models = [model('esrgan-thin', 'Thin'), model('esrgan-thick', 'Thick', true)];

  it('lists the models by title and keeps the visitor’s choice', () => {
    expect(upscaleModelChoice(models, 'esrgan-thin', 'Default')).toEqual({
      options: [
        { value: 'esrgan-thin', label: 'Thin' },
        { value: 'esrgan-thick', label: 'Thick' },
      ],
      selected: 'esrgan-thin',
    });
  });

  it('shows the server’s default until a model in the list is chosen, else the first', () => {
    expect(upscaleModelChoice(models, '', 'Default').selected).toBe('esrgan-thick');
    expect(upscaleModelChoice(models, 'gone', 'Default').selected).toBe('esrgan-thick');
    expect(upscaleModelChoice([model('a', 'A'), model('b', 'B')], '', 'Default').selected).toBe('a');
  });

  it('stands one "default" entry in while the list loads or is empty', () => {
    const waiting = { options: [{ value: '', label: 'Default' }], selected: '' };
    expect(upscaleModelChoice(undefined, 'esrgan-thin', 'Default')).toEqual(waiting);
    expect(upscaleModelChoice([], '', 'Default')).toEqual(waiting);
  });
});
