import { registry } from '@pictura/common/metrics';
import { Counter, Gauge, Histogram } from 'prom-client';

const inferenceSeconds = new Histogram({
  name: 'worker_inference_seconds',
  help: 'Time the model itself ran, per image.',
  labelNames: ['model'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [registry],
});

const processed = new Counter({
  name: 'worker_jobs_total',
  help: 'Jobs this worker finished, by queue and outcome.',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

const busy = new Gauge({
  name: 'worker_busy_jobs',
  help: 'Jobs this worker is running now (utilisation = busy / concurrency).',
  registers: [registry],
});

export const workerMetrics = {
  inference(model: string, ms: number) {
    inferenceSeconds.observe({ model }, ms / 1000);
  },
  started() {
    busy.inc();
  },
  finished(queue: string, outcome: 'completed' | 'failed') {
    busy.dec();
    processed.inc({ queue, outcome });
  },
};
