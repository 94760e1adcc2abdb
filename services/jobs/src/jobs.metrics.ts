import { registry } from '@pictura/common/metrics';
import { Counter, Histogram } from 'prom-client';
import type { JobRow } from './db/schema.ts';

const submitted = new Counter({
  name: 'jobs_submitted_total',
  help: 'Jobs submitted, by kind and plan.',
  labelNames: ['kind', 'plan'] as const,
  registers: [registry],
});

const finished = new Counter({
  name: 'jobs_finished_total',
  help: 'Jobs finished, by kind and outcome.',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
});

const timeInQueue = new Histogram({
  name: 'jobs_wait_seconds',
  help: 'Time from submission to a worker taking the job.',
  labelNames: ['kind'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

const runTime = new Histogram({
  name: 'jobs_run_seconds',
  help: 'Time from a worker taking the job to its end.',
  labelNames: ['kind', 'status'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers: [registry],
});

export const jobMetrics = {
  submitted(kind: JobRow['kind'], plan: string) {
    submitted.inc({ kind, plan });
  },
  finished(row: JobRow) {
    finished.inc({ kind: row.kind, status: row.status });
    const end = row.finishedAt?.getTime() ?? Date.now();
    if (row.startedAt) {
      timeInQueue.observe({ kind: row.kind }, (row.startedAt.getTime() - row.createdAt.getTime()) / 1000);
      runTime.observe({ kind: row.kind, status: row.status }, (end - row.startedAt.getTime()) / 1000);
    }
  },
};
