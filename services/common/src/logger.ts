import { type Logger, pino } from 'pino';

export type { Logger };

/** One JSON logger per process; secrets are redacted wherever they appear. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
    base: { service },
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
