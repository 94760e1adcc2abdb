// `npm run admin -- …` as an operator runs it, against a test stack's services.
import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/processes.mjs';
import type { Stack } from './stack.ts';

/** Runs the admin command with `args`; `input` goes to its stdin (for --stdin), which is closed either way. */
export function adminCli(
  stack: Stack,
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/admin.cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...stack.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end(input ?? '');
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
