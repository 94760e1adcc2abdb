import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { containsNul, refuseNul } from './nul-text.ts';

describe('the NUL guard every gRPC server applies', () => {
  it('finds a NUL in a top-level, nested, listed or mapped string', () => {
    expect(containsNul({ prompt: 'a\u0000b' })).toBe(true);
    expect(containsNul({ post: { title: 'ok', tags: ['x', '\u0000'] } })).toBe(true);
    expect(containsNul({ labels: new Map([['k', 'v\u0000']]) })).toBe(true);
    expect(containsNul({ ['\u0000']: 'key' })).toBe(true);
  });

  it('lets ordinary text, other characters, numbers and bytes through', () => {
    expect(
      containsNul({
        prompt: 'a fox 🦊\n\tفي الغابة',
        count: 2,
        ok: true,
        none: null,
        data: new Uint8Array([0, 0]),
      }),
    ).toBe(false);
  });

  it('refuses with INVALID_ARGUMENT, which the gateway answers as 400', () => {
    expect(() => refuseNul({ q: '\u0000' })).toThrow(AppError);
    try {
      refuseNul({ q: '\u0000' });
    } catch (error) {
      expect((error as AppError).code).toBe('invalid_argument');
    }
    expect(() => refuseNul({ q: 'fine' })).not.toThrow();
  });
});
