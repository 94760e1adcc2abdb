// The queue depth report behind GET /queue-depth on the jobs metrics port. KEDA's metrics-api trigger reads
// `total` from it to scale workers from zero without a Prometheus in between (k8s/base/worker.yaml). Active
// jobs count too, so a worker that still runs jobs is not scaled away.
import type { QueueName } from '@pictura/common/queues';
import type { QueueCounts, QueueDepthRepository } from './queue-depth.repository.ts';

export interface QueueDepthReport {
  prefix: string;
  queues: Record<QueueName, QueueCounts & { total: number }>;
  /** Every queue's waiting, prioritized and active jobs together. */
  total: number;
}

/** Every jobs replica answers the autoscaler and the probes alike; one read a second is plenty. */
export const QUEUE_DEPTH_MAX_AGE_MS = 1000;

export function createQueueDepthService(deps: {
  depth: QueueDepthRepository;
  prefix: string;
  maxAgeMs?: number;
  now?: () => number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? QUEUE_DEPTH_MAX_AGE_MS;
  const now = deps.now ?? Date.now;
  let cached: { at: number; report: Promise<QueueDepthReport> } | undefined;

  const read = async (): Promise<QueueDepthReport> => {
    const counts = await deps.depth.counts();
    const queues = Object.fromEntries(
      Object.entries(counts).map(([name, c]) => [
        name,
        { ...c, total: c.waiting + c.prioritized + c.active },
      ]),
    ) as QueueDepthReport['queues'];
    const total = Object.values(queues).reduce((sum, queue) => sum + queue.total, 0);
    return { prefix: deps.prefix, queues, total };
  };

  return {
    /** The latest report, read at most once per maxAgeMs; concurrent callers share one read. */
    report(): Promise<QueueDepthReport> {
      const at = now();
      if (!cached || at - cached.at >= maxAgeMs) {
        const report = read();
        cached = { at, report };
        // A failed read is not kept: the next caller tries Redis again.
        report.catch(() => {
          if (cached?.report === report) cached = undefined;
        });
      }
      return cached.report;
    },
  };
}
