import type { ChildProcess, StdioOptions } from 'node:child_process';
export const ROOT: string;
export const PROCESS_NAMES: string[];
export function compiledCommand(name: string): string[];
export function spawnProcess(
  name: string,
  env: Record<string, string>,
  options?: { stdio?: StdioOptions; detached?: boolean; compiled?: boolean },
): ChildProcess;
export function portEnv(base: number): Record<string, string>;
export function metricsPortFor(name: string, base: number): number;
