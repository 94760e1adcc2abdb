// The one-machine rehearsal of production: starts the replicated topology, runs every check in turn and
// stops it. `npm run rehearse` prints the report; test/e2e/rehearsal.e2e.test.ts requires every check to pass.
import {
  authReplicaKilledUnderLoad,
  type CheckResult,
  newSigningKey,
  postgresRestartedUnderLoad,
  redisRestartedUnderLoad,
  signInOnOneGatewayWorkOnTheOther,
  signingKeyRotation,
  workersKilledMidJob,
} from './checks.ts';
import { startTopology, type Topology } from './topology.ts';

/** Runs every check, or those whose function name contains one of `only` (e.g. "rotation"). */
export async function runRehearsal(
  log: (line: string) => void = () => {},
  only: string[] = [],
): Promise<CheckResult[]> {
  const keys = [newSigningKey()];
  const started = Date.now();
  const topology = await startTopology({ signingKeys: JSON.stringify(keys), log });
  log(`topology up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const checks: ((t: Topology) => Promise<CheckResult>)[] = [
    signInOnOneGatewayWorkOnTheOther,
    authReplicaKilledUnderLoad,
    workersKilledMidJob,
    redisRestartedUnderLoad,
    postgresRestartedUnderLoad,
    function signingKeyRotationCheck(t: Topology) {
      return signingKeyRotation(t, keys);
    },
  ].filter((check) => only.length === 0 || only.some((name) => check.name.toLowerCase().includes(name)));
  const results: CheckResult[] = [];
  try {
    for (const check of checks) {
      const began = Date.now();
      const outcome = await check(topology).catch(
        (error: Error): CheckResult => ({
          name: check.name || 'check',
          ok: false,
          summary: 'stopped by an error',
          failures: [error.stack ?? String(error)],
        }),
      );
      results.push(outcome);
      log(
        `${outcome.ok ? 'PASS' : 'FAIL'} ${outcome.name} (${((Date.now() - began) / 1000).toFixed(1)} s): ${outcome.summary}`,
      );
      for (const failure of outcome.failures) log(`     ${failure}`);
    }
  } finally {
    await topology.stop();
  }
  return results;
}
