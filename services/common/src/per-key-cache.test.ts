import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedByKey } from './per-key-cache.ts';

describe('cachedByKey', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once per key within the time to live, then asks again', async () => {
    const ask = vi.fn(async (userId: number, requestId: string) => `${userId}:${requestId}`);
    const cached = cachedByKey(ask, 1000);
    expect(await cached(7, 'a')).toBe('7:a');
    expect(await cached(7, 'b')).toBe('7:a');
    expect(await cached(8, 'c')).toBe('8:c');
    expect(ask).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1001);
    expect(await cached(7, 'd')).toBe('7:d');
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('shares a call still in flight', async () => {
    let answer!: (value: number) => void;
    const ask = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const cached = cachedByKey(ask, 1000);
    const first = cached(1);
    const second = cached(1);
    answer(3);
    expect(await Promise.all([first, second])).toEqual([3, 3]);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed call, so the next caller asks again', async () => {
    const ask = vi.fn().mockRejectedValueOnce(new Error('unavailable')).mockResolvedValue(5);
    const cached = cachedByKey(ask as (key: number) => Promise<number>, 1000);
    await expect(cached(1)).rejects.toThrow('unavailable');
    expect(await cached(1)).toBe(5);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('does not reuse an answer that reuse refuses', async () => {
    const ask = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    const cached = cachedByKey(ask as (key: number) => Promise<boolean>, 1000, { reuse: (yes) => yes });
    expect(await cached(1)).toBe(false);
    expect(await cached(1)).toBe(true);
    expect(await cached(1)).toBe(true);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest key past maxEntries', async () => {
    const ask = vi.fn(async (key: number) => key);
    const cached = cachedByKey(ask, 1000, { maxEntries: 2 });
    await cached(1);
    await cached(2);
    await cached(3);
    await cached(2);
    expect(ask).toHaveBeenCalledTimes(3);
    await cached(1);
    expect(ask).toHaveBeenCalledTimes(4);
  });
});
