// The models the running workers advertise in Redis (each worker's entry expires unless refreshed): every
// kind, with licence, size, source and settings. Two workers offering the same kind and name count once.

import { type AdvertisedModel, workerModelsKey } from '@pictura/common/queues';
import type { Redis } from 'ioredis';

export interface ModelsRepository {
  list(): Promise<AdvertisedModel[]>;
}

/** Workers refresh their entries every 10 s; reading them once a second per process is plenty. */
const CACHE_MS = 1000;
/**
 * Finding the entries walks Redis's whole keyspace (every retained job's keys too): in large steps, so a
 * keyspace of a few hundred thousand keys takes a few hundred round trips, not thousands.
 */
const SCAN_STEP = 1000;

/**
 * A worker of the previous release advertises no size or source; during a rolling upgrade its entry lives
 * until it expires, so those fields get neutral values instead of breaking the list.
 */
function withFieldsFilled(model: AdvertisedModel): AdvertisedModel {
  return {
    ...model,
    sizeBytes: model.sizeBytes ?? 0,
    source: model.source ?? (model.builtin ? 'builtin' : 'local'),
  };
}

export function createModelsRepository(redis: Redis, queuePrefix: string): ModelsRepository {
  let cached: { at: number; models: Promise<AdvertisedModel[]> } | undefined;
  async function read(): Promise<AdvertisedModel[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(
        cursor,
        'MATCH',
        workerModelsKey(queuePrefix),
        'COUNT',
        SCAN_STEP,
      );
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const byName = new Map<string, AdvertisedModel>();
    for (const value of await redis.mget(keys)) {
      if (!value) continue;
      for (const model of JSON.parse(value) as AdvertisedModel[])
        byName.set(`${model.kind}:${model.name}`, withFieldsFilled(model));
    }
    return [...byName.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || Number(b.isDefault) - Number(a.isDefault),
    );
  }
  let refreshing: Promise<AdvertisedModel[]> | undefined;
  return {
    list() {
      if (cached && Date.now() - cached.at <= CACHE_MS) return cached.models;
      if (!refreshing) {
        const reading = read();
        refreshing = reading;
        reading.then(
          () => {
            cached = { at: Date.now(), models: reading };
            refreshing = undefined;
          },
          // A failed read leaves the last list in force; with none yet, its caller hears the failure.
          () => {
            refreshing = undefined;
          },
        );
      }
      // A submission does not wait for a re-read: the last list serves while the next one is read.
      return cached?.models ?? refreshing;
    },
  };
}
