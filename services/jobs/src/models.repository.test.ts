import type { AdvertisedModel } from '@pictura/common/queues';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advertisedModel } from '../test/advertised-model.fixture.ts';
import { createModelsRepository } from './models.repository.ts';

/** A Redis holding one worker's entry, whose reads the test can hold back or fail. */
function workerRedis(models: AdvertisedModel[]) {
  const state = { models, reads: 0, gate: Promise.resolve(), fail: false };
  const redis = {
    scan: async () => {
      state.reads += 1;
      await state.gate;
      if (state.fail) throw new Error('Redis is away');
      return ['0', ['p:workers:w1']];
    },
    mget: async () => [JSON.stringify(state.models)],
  } as unknown as Redis;
  return { redis, state };
}

describe('models the workers advertise', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answer from the last list while the next is read, so a submission never waits for the read', async () => {
    const first = [advertisedModel('pictura-emoji', 'generate')];
    const { redis, state } = workerRedis(first);
    const models = createModelsRepository(redis, 'p');
    expect((await models.list()).map((m) => m.name)).toEqual(['pictura-emoji']);
    state.models = [...first, advertisedModel('pictura-abstract', 'generate')];
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    vi.setSystemTime(Date.now() + 1500);
    // The re-read is held back: the last list answers at once.
    expect((await models.list()).map((m) => m.name)).toEqual(['pictura-emoji']);
    expect(await models.list()).toHaveLength(1);
    expect(state.reads).toBe(2);
    release();
    await vi.waitFor(async () => expect(await models.list()).toHaveLength(2));
    expect(state.reads).toBe(2);
  });

  it('keep the last list when a re-read fails', async () => {
    const { redis, state } = workerRedis([advertisedModel('pictura-emoji', 'generate')]);
    const models = createModelsRepository(redis, 'p');
    await models.list();
    state.fail = true;
    vi.setSystemTime(Date.now() + 1500);
    expect(await models.list()).toHaveLength(1);
    await vi.waitFor(() => expect(state.reads).toBe(2));
    expect(await models.list()).toHaveLength(1);
  });
});
