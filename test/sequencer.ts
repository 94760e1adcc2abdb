// Starts the files known to take minutes first, longest first, so that on two workers the run does not end
// with one long file (the production rehearsal) running while the other worker has nothing left to do. Their
// times are in test/durations.json, measured on a full run (npm run test:durations records every file's);
// the other files follow in Vitest's own order.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = new URL('./durations.json', import.meta.url);

/** Files under a minute are left in Vitest's order: moving them gains nothing. */
const LONG_SECONDS = 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const measured = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
    const long = (spec: TestSpecification) => {
      const seconds = measured[relative(this.ctx.config.root, spec.moduleId)] ?? 0;
      return seconds >= LONG_SECONDS ? seconds : 0;
    };
    // Array.prototype.sort is stable: equal keys keep the base order.
    return (await super.sort(files)).sort((a, b) => long(b) - long(a));
  }
}
