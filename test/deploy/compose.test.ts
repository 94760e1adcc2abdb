// docker-compose.yml: parsed and checked for structure here; rendered by `docker-compose config` (the
// Compose v1 CLI, Debian package docker-compose) or `docker compose config` when one is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readDockerfile, runtimeTargets } from '../support/dockerfile.ts';

const root = new URL('../../', import.meta.url).pathname;
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true });
const SERVICES = { auth: 7101, billing: 7102, community: 7103, history: 7104, jobs: 7105 } as const;
const README_SHARED = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATA_DIR',
  'REDIS_URL',
  'QUEUE_PREFIX',
  'GRPC_HOST',
  'GRPC_DEADLINE_MS',
  'AUTH_ADDR',
  'BILLING_ADDR',
  'COMMUNITY_ADDR',
  'HISTORY_ADDR',
  'JOBS_ADDR',
  'METRICS_PORT',
];

function composeCli(): string[] | undefined {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  return undefined;
}

describe('docker-compose.yml', () => {
  it('runs every process plus redis and postgres', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([
        'postgres',
        'redis',
        'gateway',
        ...Object.keys(SERVICES),
        'worker',
        'worker-gpu',
      ]),
    );
  });

  it.each(Object.entries(SERVICES))(
    '%s: full environment, own database, gRPC health check, start order',
    (name, port) => {
      const service = compose.services[name];
      expect(service.build.target).toBe(name);
      for (const variable of README_SHARED) expect(service.environment, variable).toHaveProperty(variable);
      expect(service.environment.GRPC_HOST).toBe('0.0.0.0');
      expect(service.environment.DATABASE_URL).toMatch(
        new RegExp(`^postgres://${name}:\\$\\{[A-Z_]+:\\?.+\\}@postgres:5432/${name}$`),
      );
      for (const [other, otherPort] of Object.entries(SERVICES)) {
        expect(service.environment[`${other.toUpperCase()}_ADDR`]).toBe(`${other}:${otherPort}`);
      }
      expect(service.healthcheck.test).toEqual([
        'CMD',
        'node',
        'deploy/healthcheck.mjs',
        'grpc',
        `127.0.0.1:${port}`,
      ]);
      expect(service.depends_on.postgres.condition).toBe('service_healthy');
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(['ALL']);
    },
  );

  it('gateway waits for every service and shares the image store', () => {
    const gateway = compose.services.gateway;
    for (const name of Object.keys(SERVICES))
      expect(gateway.depends_on[name].condition).toBe('service_healthy');
    expect(gateway.environment.HOST).toBe('0.0.0.0');
    expect(gateway.volumes).toContain('objects:/data');
    expect(compose.services.worker.volumes).toContain('objects:/data');
    expect(compose.services.history.volumes).toContain('objects:/data');
  });

  it('reserves a GPU for the CUDA worker only in the gpu profile', () => {
    const gpu = compose.services['worker-gpu'];
    expect(gpu.profiles).toEqual(['gpu']);
    expect(gpu.build.target).toBe('worker-cuda');
    expect(gpu.environment.EXECUTION_PROVIDER).toBe('cuda');
    expect(gpu.deploy.resources.reservations.devices[0]).toMatchObject({
      driver: 'nvidia',
      capabilities: ['gpu'],
    });
    expect(compose.services.worker.profiles).toBeUndefined();
    // The worker drains on SIGTERM for up to 120 s.
    expect(compose.services.worker.stop_grace_period).toBe('130s');
  });

  it('installs PICTURA_MODELS into the shared models volume before any worker starts', () => {
    const models = compose.services.models;
    expect(models.build.target).toBe('worker-cpu');
    expect(models.restart).toBe('no');
    // The compiled models CLI, as the image holds it (no tsx in images).
    expect(models.command).toEqual([
      'node',
      '--conditions=pictura-dist',
      'services/worker/dist/models/models.cli.js',
      'install',
      '--missing',
      '--keep-going',
    ]);
    expect(models.environment.MODELS_DIR).toBe('/models');
    expect(models.environment).toHaveProperty('PICTURA_MODELS');
    expect(models.environment).toHaveProperty('HF_TOKEN');
    expect(models.environment).toHaveProperty('npm_config_registry');
    // Compose's own interpolation syntax, as written in the file.
    const modelsVolume = ['$', '{MODELS_HOST_DIR:-models}:/models'].join('');
    expect(models.volumes).toEqual([modelsVolume]);
    expect(compose.volumes).toHaveProperty('models');
    for (const name of ['worker', 'worker-gpu']) {
      const worker = compose.services[name];
      expect(worker.depends_on.models.condition, name).toBe('service_completed_successfully');
      // Writable: workers install and remove models for the admin Models page.
      expect(worker.volumes, name).toContain(modelsVolume);
      expect(worker.environment.MODELS_DIR, name).toBe('/models');
    }
    // The same CLI as `npm run models` (which runs its TypeScript).
    const script = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts.models;
    expect(script).toBe('node --import tsx services/worker/src/models/models.cli.ts');
  });

  it('creates one database per service at first start', () => {
    const script = readFileSync(`${root}deploy/postgres/init-databases.sh`, 'utf8');
    expect(script).toContain('for service in auth billing community history jobs');
    expect(compose.services.postgres.volumes).toContain(
      './deploy/postgres/init-databases.sh:/docker-entrypoint-initdb.d/10-init-databases.sh:ro',
    );
  });

  it('builds Dockerfile runtime targets, each image named for its target and tagged with the release', () => {
    const targets = runtimeTargets(readDockerfile().stages);
    const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    const tag = ['$', `{IMAGE_TAG:-${version}}`].join('');
    const registry = ['$', '{IMAGE_REGISTRY:-pictura}'].join('');
    const built = Object.entries(
      compose.services as Record<string, { image: string; build?: { target: string } }>,
    ).filter(([, service]) => service.build);
    expect(built.length).toBeGreaterThanOrEqual(targets.length);
    for (const [name, service] of built) {
      expect(targets, name).toContain(service.build!.target);
      expect(service.image, name).toBe(`${registry}/${service.build!.target}:${tag}`);
    }
    // A rollout names exactly what it runs: no floating tag, here or in the example environment.
    for (const file of ['docker-compose.yml', 'deploy/compose.env.example'])
      expect(readFileSync(`${root}${file}`, 'utf8'), file).not.toMatch(/\blatest\b/);
    expect(readFileSync(`${root}deploy/compose.env.example`, 'utf8')).toContain(`# IMAGE_TAG=${version} `);
    expect(readFileSync(`${root}.npmrc`, 'utf8')).toContain('onnxruntime-node-install=skip');
  });

  it('passes `compose config` with the environment deploy/compose-env.mjs writes, every profile', () => {
    const cli = composeCli();
    if (!cli) throw new Error('No Compose CLI: apt-get install -y docker-compose (.ci/run installs it)');
    const [command, ...args] = cli;
    const envFile = join(mkdtempSync(join(tmpdir(), 'pictura-compose-')), '.env');
    execFileSync(process.execPath, ['deploy/compose-env.mjs', '--write', envFile], { cwd: root });
    const out = execFileSync(
      command,
      [...args, '--env-file', envFile, '--profile', 'gpu', '--profile', 'monitoring', 'config', '--services'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out.trim().split('\n').sort()).toEqual(Object.keys(compose.services).sort());
  });
});
