import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, type Toast, withToast } from './toast-queue.ts';

const toast = (id: number, text: string): Toast => ({ id, kind: 'error', text });

describe('the toast stack', () => {
  it('collapses identical messages into one, the newest', () => {
    let stack: Toast[] = [];
    stack = withToast(stack, toast(1, 'Network error'));
    stack = withToast(stack, toast(2, 'Saved'));
    stack = withToast(stack, toast(3, 'Network error'));
    expect(stack).toEqual([toast(2, 'Saved'), toast(3, 'Network error')]);
  });

  it(`shows at most ${MAX_TOASTS}, dropping the oldest`, () => {
    let stack: Toast[] = [];
    for (let id = 1; id <= 6; id++) stack = withToast(stack, toast(id, `message ${id}`));
    expect(stack.map((shown) => shown.id)).toEqual([4, 5, 6]);
  });
});
