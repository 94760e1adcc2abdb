// Reads the root Dockerfile into its stages, for the deployment checks (no Docker daemon needed).
import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  /** The rest of the instruction, continuation lines joined. */
  args: string;
}

export interface Stage {
  name: string;
  /** What it is built FROM: an image (possibly an ARG) or an earlier stage. */
  from: string;
  instructions: Instruction[];
}

const root = new URL('../../', import.meta.url).pathname;

export function readDockerfile(): { args: Record<string, string>; stages: Stage[] } {
  const lines = readFileSync(`${root}Dockerfile`, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)\s+AS\s+(\S+)$/i.exec(rest);
      if (!match) throw new Error(`unnamed stage: FROM ${rest}`);
      stages.push({ name: match[2]!, from: match[1]!, instructions: [] });
    } else if (stages.length === 0) {
      if (upper === 'ARG') {
        const [name, value = ''] = rest.split('=');
        args[name!] = value;
      }
    } else {
      stages.at(-1)!.instructions.push({ keyword: upper, args: rest });
    }
  }
  return { args, stages };
}

/** The stages an image is built from: the ones with a CMD. */
export function runtimeTargets(stages: Stage[]): string[] {
  return stages.filter((stage) => stage.instructions.some((i) => i.keyword === 'CMD')).map((s) => s.name);
}

/** A stage's instructions followed by those it inherits (nearest first), as the image would hold them. */
export function withAncestors(stages: Stage[], name: string): Instruction[] {
  const byName = new Map(stages.map((stage) => [stage.name, stage]));
  const instructions: Instruction[] = [];
  for (let stage = byName.get(name); stage; stage = byName.get(stage.from)) {
    instructions.push(...stage.instructions);
  }
  return instructions;
}
