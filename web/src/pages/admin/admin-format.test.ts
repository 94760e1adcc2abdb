import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, relativeTime } from './admin-format.ts';

const NOW = Date.parse('2025-05-10T12:00:00Z');

describe('relativeTime', () => {
  it('picks the largest unit that fits', () => {
    expect(relativeTime('2025-05-10T11:59:30Z', 'en', NOW)).toBe('30 seconds ago');
    expect(relativeTime('2025-05-10T09:00:00Z', 'en', NOW)).toBe('3 hours ago');
    expect(relativeTime('2025-05-09T12:00:00Z', 'en', NOW)).toBe('yesterday');
    expect(relativeTime('2025-03-10T12:00:00Z', 'en', NOW)).toBe('2 months ago');
  });

  it('speaks the reader’s language and survives bad input', () => {
    expect(relativeTime('2025-05-10T09:00:00Z', 'fr', NOW)).toBe('il y a 3 heures');
    expect(relativeTime('not a date', 'en', NOW)).toBe('');
  });
});

describe('formatDate and formatCount', () => {
  it('format for the locale', () => {
    expect(formatDate('2025-05-03T10:00:00Z', 'en')).toBe('May 3, 2025');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'de')).toBe('12.345');
  });
});
