import { defineConfig } from 'vitest/config';

// Three kinds of test, each its own project (npm run test:unit | test:integration | test:e2e; npm test runs
// all three in one run):
// - unit: beside the code, in-process, no servers: services/*/src/**/*.test.ts and web/src.
// - integration: real PostgreSQL, Redis, gRPC servers, loopback protocol servers or real tools (the
//   services' *.integration.test.ts beside their code; the build, deployment and training checks).
// - e2e: the whole product as separate processes, driven over HTTP and through Chromium (test/e2e).
const servers = { globalSetup: ['test/global-setup.ts'] };

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state (a page started, a row recorded). Its 1 s default is too short on a busy
    // 2-core machine: with two stacks and browsers side by side a React start alone has taken longer.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    // Test workers start as the product's processes do (services/common/src/process-start.mjs).
    execArgv: ['--import=@pictura/common/process-start'],
    // Two cores: the end-to-end files start whole stacks of processes, so keep parallelism modest.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['services/*/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'services/*/src/**/*.integration.test.ts',
            'test/build/**/*.test.ts',
            'test/deploy/**/*.test.ts',
            'training/**/*.test.ts',
          ],
          ...servers,
        },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], ...servers },
      },
    ],
  },
});
