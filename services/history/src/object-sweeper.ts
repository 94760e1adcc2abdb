// Every few minutes: first put down any missing holds of recorded items (so nothing a history item shows is
// unheld), then delete the files nobody holds that are older than the guest-output lifetime. Guests' outputs
// and abandoned uploads are never held, so they go after GUEST_OUTPUT_TTL_MS: the spec's "images not stored"
// holds for guests. Several history replicas may sweep at once: the object store's deletions are safe
// against each other and against retains.
import type { Logger } from '@pictura/common/logger';
import type { ObjectStore } from '@pictura/common/object-store';
import type { HistoryDomain } from './history.service.ts';

/** Items recorded this recently are still being held by their record call; the sweep leaves them to it. */
const RECORDING_GRACE_MS = 10_000;

export interface ObjectSweeperOptions {
  history: Pick<HistoryDomain, 'settleHolds'>;
  store: Pick<ObjectStore, 'sweepUnheld'>;
  logger: Logger;
  ttlMs: number;
  intervalMs: number;
  now?: () => number;
}

export interface ObjectSweeper {
  /** One round; a round already running is not started twice. Resolves the files deleted. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startObjectSweeper(options: ObjectSweeperOptions): ObjectSweeper {
  const { history, store, logger, ttlMs, intervalMs } = options;
  const now = options.now ?? Date.now;
  let running: Promise<number> | undefined;

  async function round(): Promise<number> {
    const settled = await history.settleHolds(new Date(now() - RECORDING_GRACE_MS));
    if (settled > 0) logger.info({ items: settled }, 'held images of earlier history items');
    const deleted = await store.sweepUnheld(ttlMs);
    if (deleted > 0) logger.info({ files: deleted, ttl_ms: ttlMs }, 'deleted unheld files');
    return deleted;
  }

  function runOnce(): Promise<number> {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    runOnce().catch((error) => logger.error({ err: error }, 'object sweep failed'));
  }, intervalMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
