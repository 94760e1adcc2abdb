// Production's topology on one machine (npm run rehearse): replicas of everything on compiled JavaScript,
// and each operator promise checked by breaking the part it is about.
import { describe, expect, it } from 'vitest';
import { runRehearsal } from '../rehearsal/rehearsal.ts';

describe('production rehearsal', () => {
  it('keeps every promise with replicas, killed processes and restarted datastores', async () => {
    const lines: string[] = [];
    const results = await runRehearsal((line) => lines.push(line));
    expect(results.map((r) => r.name)).toHaveLength(6);
    expect(
      results.filter((r) => !r.ok),
      lines.join('\n'),
    ).toEqual([]);
  }, 900_000);
});
