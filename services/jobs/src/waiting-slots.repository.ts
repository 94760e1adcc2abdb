// The fair queue's ledger: which unfinished jobs (waiting or running) each owner holds, and how many the
// whole queue holds, in Redis, so every jobs replica counts the same. Taking a slot is one Lua script: the
// count and the add cannot interleave with another submission's, so twenty parallel submissions from one
// address let exactly the cap through.
//
// A slot is given back when its job ends (every replica hears the end; giving back twice changes nothing). A
// slot whose end was never heard (every jobs replica down at that moment, a worker that died for good) is
// found by the script itself when the count is full: BullMQ's record of the job says it has finished
// (`finishedOn`), or is gone for longer than a submission takes (the slot is taken just before the job is
// added). The script reads those BullMQ job keys by name, as BullMQ's own scripts do: single-node Redis.
import { createHash } from 'node:crypto';
import { QUEUE_NAMES, type QueueName } from '@pictura/common/queues';
import type { Redis } from 'ioredis';

/** Who holds a slot: a signed-in user, or a guest by the address the gateway trusts. */
export type SlotOwner = { userId: number } | { guestAddress: string };

export type SlotAnswer =
  | { taken: true; held: number }
  /** owner: the owner's cap is reached; queue: the whole queue is full. `held`: what the full count holds. */
  | { taken: false; full: 'owner' | 'queue'; held: number };

export interface WaitingSlots {
  take(
    owner: SlotOwner,
    job: { jobId: string; queueName: QueueName },
    caps: { owner: number; queue: number },
  ): Promise<SlotAnswer>;
  /** The job has ended (or never made it onto the queue): its slot is free again, whichever queue it was on. */
  release(jobId: string): Promise<void>;
  /** Unfinished jobs the owner holds now. */
  held(owner: SlotOwner): Promise<number>;
}

/** How long a slot may wait for its job to appear in BullMQ before it counts as abandoned. */
export const SLOT_GRACE_MS = 60_000;
/** Entries the script checks against BullMQ when a count is full: the oldest, which are the likeliest ended. */
const PRUNE_BATCH = 200;

// KEYS: 1 the queue's slots (zset), 2 the owner's slots (zset), 3 slot → owner (hash).
// ARGV: 1 slot, 2 now (ms), 3 owner cap, 4 queue cap, 5 grace (ms), 6 BullMQ prefix, 7 owner key prefix,
// 8 owner, 9 prune batch.
const TAKE = `
local now = tonumber(ARGV[2])
local function ended(slot, takenAt)
  local job = ARGV[6] .. ':' .. slot
  if redis.call('EXISTS', job) == 1 then return redis.call('HEXISTS', job, 'finishedOn') == 1 end
  return takenAt < now - tonumber(ARGV[5])
end
local function prune(key)
  local entries = redis.call('ZRANGE', key, 0, tonumber(ARGV[9]) - 1, 'WITHSCORES')
  for i = 1, #entries, 2 do
    local slot = entries[i]
    if ended(slot, tonumber(entries[i + 1])) then
      local owner = redis.call('HGET', KEYS[3], slot)
      if owner then redis.call('ZREM', ARGV[7] .. owner, slot) end
      redis.call('ZREM', KEYS[1], slot)
      redis.call('HDEL', KEYS[3], slot)
    end
  end
  return redis.call('ZCARD', key)
end
local function full(key, cap)
  return redis.call('ZCARD', key) >= cap and prune(key) >= cap
end
if full(KEYS[2], tonumber(ARGV[3])) then return {1, redis.call('ZCARD', KEYS[2])} end
if full(KEYS[1], tonumber(ARGV[4])) then return {2, redis.call('ZCARD', KEYS[1])} end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[8])
return {0, redis.call('ZCARD', KEYS[2])}`;

// KEYS: 1 the queue's slots, 2 slot → owner. ARGV: 1 owner key prefix, 2.. the slots to free.
const RELEASE = `
for i = 2, #ARGV do
  local owner = redis.call('HGET', KEYS[2], ARGV[i])
  if owner then redis.call('ZREM', ARGV[1] .. owner, ARGV[i]) end
  redis.call('ZREM', KEYS[1], ARGV[i])
  redis.call('HDEL', KEYS[2], ARGV[i])
end
return 0`;

const sha = (lua: string) => createHash('sha1').update(lua).digest('hex');

const ownerName = (owner: SlotOwner) =>
  'userId' in owner ? `user:${owner.userId}` : `guest:${owner.guestAddress || 'unknown'}`;

export function createWaitingSlots(redis: Redis, prefix: string): WaitingSlots {
  const base = `${prefix}:waiting-slots`;
  const all = `${base}:all`;
  const owners = `${base}:owners`;
  const ownerPrefix = `${base}:owner:`;
  /** A slot is named as BullMQ names its job's key (prefix:queue:id), so the script can look it up. */
  const slotOf = (job: { jobId: string; queueName: QueueName }) => `${job.queueName}:${job.jobId}`;

  async function run(lua: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(sha(lua), keys.length, ...keys, ...args);
    } catch (error) {
      // Redis forgets scripts when it restarts: EVAL sends it along, and Redis keeps it again.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  }

  return {
    async take(owner, job, caps) {
      const name = ownerName(owner);
      const [outcome, held] = (await run(
        TAKE,
        [all, ownerPrefix + name, owners],
        [
          slotOf(job),
          Date.now(),
          caps.owner,
          caps.queue,
          SLOT_GRACE_MS,
          prefix,
          ownerPrefix,
          name,
          PRUNE_BATCH,
        ],
      )) as [number, number];
      if (outcome === 0) return { taken: true, held };
      return { taken: false, full: outcome === 1 ? 'owner' : 'queue', held };
    },
    async release(jobId) {
      // Queue events do not say which queue a job was on; job ids are UUIDs, so both names mean this job.
      const slots = Object.values(QUEUE_NAMES).map((queueName) => slotOf({ jobId, queueName }));
      await run(RELEASE, [all, owners], [ownerPrefix, ...slots]);
    },
    held: (owner) => redis.zcard(ownerPrefix + ownerName(owner)),
  };
}
