import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'services/*/src/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
      'training/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: the end-to-end files start whole stacks of processes, so keep parallelism modest.
    maxWorkers: 2,
  },
});
