// The admin command as an operator runs it in an image (node services/gateway/dist/admin.cli.js …),
// against a test stack's services; the stack's build (ensureServicesBuild) compiled it.
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
    const child = spawn(
      process.execPath,
      ['--conditions=pictura-dist', 'services/gateway/dist/admin.cli.js', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...stack.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
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
