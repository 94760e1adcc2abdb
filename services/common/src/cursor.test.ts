import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { decodeCursor, encodeCursor, pageLimit } from './cursor.ts';

describe('cursors', () => {
  it('round-trips a position', () => {
    const cursor = { key: '2026-11-21T10:00:00.123Z', id: 'b7c1' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('treats an empty cursor as the first page', () => {
    expect(decodeCursor('')).toBeUndefined();
  });

  it('refuses a forged cursor with a clear error', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(AppError);
    expect(() => decodeCursor(Buffer.from('[1,2]').toString('base64url'))).toThrow('Invalid cursor');
  });

  it('bounds the page size', () => {
    expect(pageLimit(0)).toBe(24);
    expect(pageLimit(10)).toBe(10);
    expect(pageLimit(10_000)).toBe(100);
  });
});
