// Ends the run with the ten slowest files and one plain line, "Tests: N passed, N failed", that any CI can read.
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
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
    const slowest = testModules
      .map((m) => ({ file: relative(this.root, m.moduleId), seconds: m.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    // The run's own time is on Vitest's "Duration" line just above.
    process.stdout.write(
      `\nSlowest files (of ${testModules.length}):\n${slowest
        .map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(7)} s  ${file}`)
        .join('\n')}\n`,
    );
    process.stdout.write(
      `\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
