import type { Logger } from './logger.ts';

type Step = () => Promise<unknown> | unknown;

/**
 * Runs the registered steps in reverse order of registration on SIGTERM or SIGINT (first in, last out:
 * stop taking work before closing what the work needs), then exits. A second signal exits at once.
 */
export function gracefulShutdown(
  logger: Logger,
  timeoutMs = 15_000,
): { add(name: string, step: Step): void } {
  const steps: { name: string; step: Step }[] = [];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    for (const { name, step } of [...steps].reverse()) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error, step: name }, 'shutdown step failed');
      }
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return { add: (name, step) => steps.push({ name, step }) };
}
