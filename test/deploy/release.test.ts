// .github/workflows/release.yml: a version tag pushes every image the Dockerfile defines, under the names
// docker-compose.yml pulls (IMAGE_REGISTRY/<target>:IMAGE_TAG).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readDockerfile, runtimeTargets } from '../support/dockerfile.ts';

const root = new URL('../../', import.meta.url).pathname;
const workflow = parse(readFileSync(`${root}.github/workflows/release.yml`, 'utf8'));
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true });
const { stages } = readDockerfile();

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
}
const imageJob = workflow.jobs.image;
const matrix: { target: string; platforms: string }[] = imageJob.strategy.matrix.include;
/** A GitHub Actions expression as the workflow spells it: ${{ … }}. */
const expr = (inner: string) => ['$', `{{ ${inner} }}`].join('');
const buildStep = (imageJob.steps as Step[]).find((s) => s.uses?.startsWith('docker/build-push-action@'))!;

describe('release workflow', () => {
  it('runs on version tags only', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('builds exactly the Dockerfile runtime targets, each once', () => {
    const targets = matrix.map((entry) => entry.target);
    expect(new Set(targets).size).toBe(targets.length);
    expect([...targets].sort()).toEqual(runtimeTargets(stages).sort());
    // …which are all compose builds too, so a release covers what compose runs.
    const built = Object.values(compose.services as Record<string, { build?: { target: string } }>)
      .map((service) => service.build?.target)
      .filter(Boolean);
    for (const target of built) expect(targets).toContain(target);
  });

  it('builds for amd64 and arm64, except the CUDA worker (amd64 only)', () => {
    for (const { target, platforms } of matrix) {
      const list = platforms.split(',').sort();
      expect(list, target).toEqual(
        target === 'worker-cuda' ? ['linux/amd64'] : ['linux/amd64', 'linux/arm64'],
      );
    }
    expect((imageJob.steps as Step[]).some((s) => s.uses?.startsWith('docker/setup-qemu-action@'))).toBe(
      true,
    );
  });

  it('pushes each target to ghcr.io under its version and commit, with a build cache', () => {
    expect(buildStep.with).toMatchObject({
      context: '.',
      target: expr('matrix.target'),
      platforms: expr('matrix.platforms'),
      push: true,
    });
    const tags = String(buildStep.with!.tags).trim().split('\n');
    const image = `${expr('needs.version.outputs.registry')}/${expr('matrix.target')}`;
    expect(tags).toEqual([
      `${image}:${expr('needs.version.outputs.version')}`,
      `${image}:sha-${expr('github.sha')}`,
    ]);
    expect(buildStep.with!['cache-from']).toMatch(/^type=gha,/);
    expect(buildStep.with!['cache-to']).toMatch(/^type=gha,mode=max,/);
    expect(workflow.permissions).toMatchObject({ packages: 'write' });
    const login = (imageJob.steps as Step[]).find((s) => s.uses?.startsWith('docker/login-action@'))!;
    expect(login.with!.registry).toBe('ghcr.io');
  });

  it('refuses a tag that is not the package.json version, and names the registry in lower case', () => {
    const check = (workflow.jobs.version.steps as Step[]).find((s) => s.id === 'version')!;
    const version = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version;
    const runCheck = (tag: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'pictura-release-'));
      const outputFile = join(dir, 'output');
      writeFileSync(outputFile, '');
      const result = spawnSync('bash', ['-e', '-c', check.run!], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          GITHUB_REF_NAME: tag,
          GITHUB_OUTPUT: outputFile,
          GITHUB_REPOSITORY_OWNER: 'Some-Org',
        },
      });
      const output = readFileSync(outputFile, 'utf8');
      rmSync(dir, { recursive: true });
      return { status: result.status, stdout: result.stdout, output };
    };
    expect(runCheck(`v${version}`)).toMatchObject({
      status: 0,
      output: `version=${version}\nregistry=ghcr.io/some-org/pictura\n`,
    });
    const wrong = runCheck('v0.0.1');
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain(`does not match package.json version ${version}`);
    expect(imageJob.needs).toBe('version');
  });
});
