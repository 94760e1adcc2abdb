import { type Logger, pino } from 'pino';
import { traceIds } from './tracing.ts';

export type { Logger };

/** One JSON logger per process; secrets are redacted wherever they appear; lines carry the active trace id. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    // Every line logged inside a span names its trace, so logs and traces join on trace_id.
    mixin: traceIds,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'req.headers.authorization',
        'req.headers.cookie',
        'prompt',
        '*.prompt',
        'negative_prompt',
        '*.negative_prompt',
      ],
      censor: '[redacted]',
    },
  });
}
