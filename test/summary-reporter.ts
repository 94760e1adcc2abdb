// Ends the run with one plain line, "Tests: N passed, N failed", that any CI can read, and the slowest files.
// With TEST_DURATIONS=update it also records each file's time in test/durations.json, which the sequencer
// (test/sequencer.ts) reads to start the longest files first: npm run test:durations after a change that
// makes files much slower or faster.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_FILE } from './sequencer.ts';

export default class SummaryReporter implements Reporter {
  private root = process.cwd();
  private started = Date.now();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
    this.started = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    const seconds = new Map(
      testModules.map((m) => [relative(this.root, m.moduleId), m.diagnostic().duration / 1000]),
    );
    const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const wall = (Date.now() - this.started) / 1000;
    process.stdout.write(
      `\nSlowest files (of ${seconds.size}, ${wall.toFixed(0)} s in all):\n${slowest
        .map(([file, s]) => `  ${s.toFixed(1).padStart(7)} s  ${file}`)
        .join('\n')}\n`,
    );
    if (process.env.TEST_DURATIONS === 'update') {
      const table = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
      for (const [file, s] of seconds) table[file] = Math.round(s * 10) / 10;
      const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    }
    process.stdout.write(
      `\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
