import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatRate, numberFormat } from './units.ts';

describe('sizes', () => {
  it('reads in the largest whole unit with one decimal', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatBytes(2_600_000_000, 'en')).toBe('2.4 GB');
  });

  it("follows the reader's language", () => {
    expect(formatBytes(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });
});

describe('download rates', () => {
  it('reads per second', () => {
    expect(formatRate(12.5 * 1024 * 1024, 'en')).toBe('12.5 MB/s');
    expect(formatRate(800, 'en')).toBe('800 byte/s');
  });
});

describe('durations', () => {
  it('keeps whole seconds under a minute, never zero', () => {
    expect(formatDuration(45.4, 'en')).toBe('45 sec');
    expect(formatDuration(0.2, 'en')).toBe('1 sec');
    expect(formatDuration(Number.NaN, 'en')).toBe('1 sec');
  });

  it('rounds to ten seconds under an hour', () => {
    expect(formatDuration(130, 'en')).toBe('2 min 10 sec');
    expect(formatDuration(127, 'en')).toBe('2 min 10 sec');
    expect(formatDuration(121, 'en')).toBe('2 min');
    expect(formatDuration(3598, 'en')).toBe('1 hr');
  });

  it('reads a per-image cost under a second in milliseconds', () => {
    expect(formatDuration(0.02, 'en', true)).toBe('20 ms');
    expect(formatDuration(0.05, 'en')).toBe('1 sec');
  });

  it('rounds to minutes past an hour', () => {
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(7200, 'en')).toBe('2 hr');
  });
});

describe('number formats', () => {
  it('makes one formatter per language and options, and reuses it', () => {
    const price = numberFormat('en', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(price);
    expect(numberFormat('de', { style: 'currency', currency: 'USD' })).not.toBe(price);
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).not.toBe(price);
    expect(price.format(12)).toBe('$12.00');
    expect(numberFormat('de', { style: 'currency', currency: 'USD' }).format(12)).toBe('12,00\u00a0$');
  });
});
