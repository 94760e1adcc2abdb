// The Dockerfile, read statically (images cannot be built where the tests run): every runtime image runs
// its compiled JavaScript on Node 24 with production dependencies from `npm ci`, and holds the files that
// code finds beside itself.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDockerfile, runtimeTargets, withAncestors } from '../support/dockerfile.ts';

const root = new URL('../../', import.meta.url).pathname;
const { args, stages } = readDockerfile();
const TARGETS = ['auth', 'billing', 'community', 'history', 'jobs', 'gateway', 'worker-cpu', 'worker-cuda'];
const serviceOf = (target: string) => target.replace(/-(cpu|cuda)$/, '');
const copies = (target: string) =>
  withAncestors(stages, target)
    .filter((i) => i.keyword === 'COPY')
    .map((i) => i.args);

describe('Dockerfile', () => {
  it('has one runtime image per process, and nothing else runs a command', () => {
    expect(runtimeTargets(stages).sort()).toEqual([...TARGETS].sort());
  });

  it('runs Node 24: the slim image, and the CUDA worker with node copied from it', () => {
    expect(args.NODE_IMAGE).toMatch(/^node:24-bookworm-slim$/);
    const cuda = stages.find((s) => s.name === 'worker-cuda')!;
    expect(cuda.instructions).toContainEqual({
      keyword: 'COPY',
      args: '--from=node /usr/local/bin/node /usr/local/bin/node',
    });
    expect(stages.find((s) => s.name === 'node')!.from).toBe(['$', '{NODE_IMAGE}'].join(''));
  });

  it.each(TARGETS)('%s runs its compiled main.js with the pictura-dist condition, no tsx', (target) => {
    const service = serviceOf(target);
    const cmd = withAncestors(stages, target).find((i) => i.keyword === 'CMD')!;
    expect(JSON.parse(cmd.args)).toEqual([
      'node',
      '--conditions=pictura-dist',
      `services/${service}/dist/main.js`,
    ]);
    expect(existsSync(`${root}services/${service}/src/main.ts`)).toBe(true);
    // Every other node command in the image (models CLI, admin console) resolves @pictura/common the same way.
    const env = withAncestors(stages, target).filter((i) => i.keyword === 'ENV');
    expect(env.map((i) => i.args).join(' ')).toMatch(/NODE_OPTIONS="[^"]*--conditions=pictura-dist/);
    for (const instruction of withAncestors(stages, target))
      expect(instruction.args, `${instruction.keyword} ${instruction.args}`).not.toMatch(/\btsx\b/);
  });

  it.each(TARGETS)(
    '%s holds the compiled code of its service and of common, and its package.json',
    (target) => {
      const service = serviceOf(target);
      const copied = copies(target);
      for (const name of [service, 'common']) {
        expect(copied).toContain(
          `--from=services-build --chown=root:root /app/services/${name}/dist services/${name}/dist/`,
        );
        // "type": "module" for the .js files, and common's "exports" with the pictura-dist condition.
        expect(copied).toContain(`--chown=root:root services/${name}/package.json services/${name}/`);
      }
      // Compiled code only: no sources, and no test helpers (services/<name>/test).
      expect(copied.some((c) => /\/(src|test)\b/.test(c))).toBe(false);
    },
  );

  it.each(TARGETS)('%s holds the files its code finds relative to itself', (target) => {
    const service = serviceOf(target);
    const copied = copies(target);
    // Migrations (../migrations from dist/main.js) for the services with a database.
    if (existsSync(`${root}services/${service}/migrations`))
      expect(copied).toContain(
        `--chown=root:root services/${service}/migrations services/${service}/migrations/`,
      );
    // The worker's built-in models (../../../models/pictura-emoji from dist/generate/emoji/).
    if (service === 'worker')
      expect(copied).toContain('--chown=root:root services/worker/models services/worker/models/');
    if (service === 'gateway')
      expect(copied).toContain('--from=web-build --chown=root:root /app/web/dist web/dist/');
  });

  it('installs with npm ci only, and compiles the services in a build stage', () => {
    const runs = stages.flatMap((stage) => stage.instructions.filter((i) => i.keyword === 'RUN'));
    const installs = runs.filter((i) => /\bnpm (ci|install|i)\b/.test(i.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) {
      expect(install.args).toMatch(/\bnpm ci\b/);
      expect(install.args).not.toMatch(/\bnpm (install|i)\b|\|\|/);
    }
    const build = stages.find((s) => s.name === 'services-build')!;
    expect(build.instructions).toContainEqual({ keyword: 'RUN', args: 'node scripts/build-services.mjs' });
  });

  it('copies only from earlier stages, and only paths that exist in the repository', () => {
    for (const [index, stage] of stages.entries()) {
      const earlier = new Set(stages.slice(0, index).map((s) => s.name));
      for (const { keyword, args: copy } of stage.instructions) {
        if (keyword !== 'COPY') continue;
        const from = /--from=(\S+)/.exec(copy)?.[1];
        if (from) {
          expect(earlier.has(from), `${stage.name}: COPY ${copy}`).toBe(true);
          continue;
        }
        const paths = copy.split(/\s+/).filter((word) => !word.startsWith('--'));
        for (const source of paths.slice(0, -1))
          expect(existsSync(`${root}${source}`), `${stage.name}: COPY ${copy}`).toBe(true);
      }
    }
  });
});
