// Keyset pagination cursors: opaque to clients, stable while new rows arrive (no repeats, no skips).
import { AppError } from './app-error.ts';

export interface Cursor {
  /** The sort key of the last item returned (a timestamp or score, as text). */
  key: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor | undefined {
  if (value === '') return undefined;
  try {
    const [key, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && typeof id === 'string') return { key, id };
  } catch {}
  throw new AppError('invalid_argument', 'Invalid cursor', 'invalid_cursor');
}

export function pageLimit(requested: number, max = 100, fallback = 24): number {
  if (requested <= 0) return fallback;
  return Math.min(requested, max);
}
