// Renders every kustomize overlay with `kubectl kustomize` (kustomize built into kubectl, offline) and
// validates each object against the Kubernetes OpenAPI schemas bundled in kubernetes-models (and KEDA's CRD
// schema from @kubernetes-models/keda), then checks the structure the operators rely on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const root = new URL('../../', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const SERVICES = ['auth', 'billing', 'community', 'history', 'jobs'];
const PROCESSES = [...SERVICES, 'gateway', 'worker'];

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  // biome-ignore lint/suspicious/noExplicitAny: rendered manifests are walked field by field; the schemas check their shape
  spec?: any;
};

function render(overlay: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', `k8s/overlays/${overlay}`], {
    cwd: root,
    encoding: 'utf8',
  });
  return parseAllDocuments(out)
    .map((doc) => doc.toJS() as K8sObject)
    .filter(Boolean);
}

/** The kubernetes-models class for an apiVersion/kind, whose validate() checks the OpenAPI schema. */
function modelFor(apiVersion: string, kind: string): { new (data: unknown): { validate(): void } } {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const module =
    group === 'keda.sh'
      ? `@kubernetes-models/keda/keda.sh/${version}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  const models = require(module);
  const model = models[kind];
  if (!model) throw new Error(`no schema for ${apiVersion} ${kind}`);
  return model;
}

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

describe.each(['dev', 'prod'])('k8s overlay %s', (overlay) => {
  const objects = render(overlay);

  it('validates every object against the Kubernetes schemas', () => {
    const failures: string[] = [];
    for (const object of objects) {
      try {
        const Model = modelFor(object.apiVersion, object.kind);
        new Model(object).validate();
      } catch (error) {
        failures.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('puts every namespaced object in the overlay namespace', () => {
    const namespace = overlay === 'dev' ? 'pictura-dev' : 'pictura';
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace);
    }
  });

  it.each(PROCESSES)('%s has a Deployment, Service, ServiceAccount and PodDisruptionBudget', (name) => {
    for (const kind of ['Deployment', 'Service', 'ServiceAccount', 'PodDisruptionBudget']) {
      expect(find(objects, kind, name), `${kind}/${name}`).toBeDefined();
    }
    const pod = find(objects, 'Deployment', name)!.spec.template.spec;
    expect(pod.serviceAccountName).toBe(name);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    for (const container of pod.containers) {
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.resources.requests.cpu).toBeDefined();
      expect(container.resources.requests.memory).toBeDefined();
      expect(container.resources.limits.memory).toBeDefined();
      expect(container.readinessProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
      // Only /tmp and DATA_DIR (and, for the worker, the models it installs) are mounted.
      const mounts = container.volumeMounts.map((m: { mountPath: string; readOnly?: boolean }) => m);
      for (const mount of mounts) {
        expect(name === 'worker' ? ['/tmp', '/data', '/models'] : ['/tmp', '/data']).toContain(
          mount.mountPath,
        );
      }
    }
  });

  it.each(SERVICES)('%s uses native gRPC probes and reads its database URL from a Secret', (name) => {
    const container = find(objects, 'Deployment', name)!.spec.template.spec.containers[0];
    const port = container.ports.find((p: { name: string }) => p.name === 'grpc').containerPort;
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(container[probe].grpc.port, probe).toBe(port);
    }
    const databaseUrl = container.env.find((e: { name: string }) => e.name === 'DATABASE_URL');
    expect(databaseUrl.valueFrom.secretKeyRef).toEqual({ name: `pictura-db-${name}`, key: 'url' });
  });

  it('never carries a secret value: no Secret objects, secret-looking variables only by reference', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const deployment of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')) {
      const pod = deployment.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const variable of container.env ?? []) {
          if (/(PASSWORD|SECRET|TOKEN|_KEY)$|^(DATABASE_URL|REDIS_URL|REDIS_ADDR)$/.test(variable.name)) {
            expect(
              variable.valueFrom?.secretKeyRef,
              `${deployment.metadata.name} ${variable.name}`,
            ).toBeDefined();
          }
        }
      }
    }
  });

  it('installs PICTURA_MODELS in an init container before the worker, into the shared models volume', () => {
    const pod = find(objects, 'Deployment', 'worker')!.spec.template.spec;
    const init = pod.initContainers.find((c: { name: string }) => c.name === 'models');
    expect(init.command).toEqual([
      'node',
      '--import',
      'tsx',
      'services/worker/src/models/models.cli.ts',
      'install',
      '--missing',
      '--keep-going',
    ]);
    expect(init.image).toMatch(/worker-cpu:/);
    expect(init.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    const env = Object.fromEntries(init.env.map((e: { name: string }) => [e.name, e]));
    expect(env.MODELS_DIR.value).toBe('/models');
    expect(env.PICTURA_MODELS.valueFrom.configMapKeyRef).toMatchObject({
      name: 'pictura-config',
      optional: true,
    });
    expect(env.HF_TOKEN.valueFrom.secretKeyRef).toEqual({ name: 'pictura-hf', key: 'token', optional: true });
    const volume = (name: string) => pod.volumes.find((v: { name: string }) => v.name === name);
    const mount = init.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/models');
    expect(volume(mount.name).persistentVolumeClaim.claimName).toBe('pictura-models');
    const workerMount = pod.containers[0].volumeMounts.find(
      (m: { mountPath: string }) => m.mountPath === '/models',
    );
    expect(volume(workerMount.name).persistentVolumeClaim.claimName).toBe('pictura-models');
    expect(find(objects, 'PersistentVolumeClaim', 'pictura-models')!.spec.accessModes).toEqual([
      'ReadWriteMany',
    ]);
    // Downloads need HTTPS out of the cluster.
    const egress = objects.find(
      (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'worker-egress-https',
    )!;
    expect(egress.spec.podSelector.matchLabels['app.kubernetes.io/name']).toBe('worker');
    expect(egress.spec.egress[0].ports).toEqual([{ protocol: 'TCP', port: 443 }]);
  });

  it('wires the shared image store into gateway, jobs, history and worker', () => {
    const pvc = find(objects, 'PersistentVolumeClaim', 'pictura-objects')!;
    expect(pvc.spec.accessModes).toEqual(['ReadWriteMany']);
    for (const name of ['gateway', 'jobs', 'history', 'community', 'worker']) {
      const volumes = find(objects, 'Deployment', name)!.spec.template.spec.volumes;
      expect(
        volumes.some(
          (v: { persistentVolumeClaim?: { claimName?: string } }) =>
            v.persistentVolumeClaim?.claimName === 'pictura-objects',
        ),
        name,
      ).toBe(true);
    }
  });

  it('puts the gateway behind an Ingress with a CPU HPA', () => {
    const ingress = find(objects, 'Ingress', 'gateway')!;
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway')!;
    expect(hpa.spec.scaleTargetRef.name).toBe('gateway');
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
  });

  it('scales workers from zero on queue depth and lets a running job finish', () => {
    const scaled = find(objects, 'ScaledObject', 'worker')!;
    expect(scaled.spec.scaleTargetRef.name).toBe('worker');
    expect(scaled.spec.minReplicaCount).toBe(0);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(0);
    expect(scaled.spec.triggers[0].metadata.query).toContain('prioritized');
    const pod = find(objects, 'Deployment', 'worker')!.spec.template.spec;
    // The worker's own drain deadline is 120 s (services/worker/src/main.ts).
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(120);
  });

  it('denies by default and lets only the gateway (and named callers) reach services', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const deny = policies.find((p) => p.metadata.name === 'default-deny-all')!;
    expect(deny.spec.podSelector).toEqual({});
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const toServices = policies.find((p) => p.metadata.name === 'services-from-gateway')!;
    expect(toServices.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ]);
    const toPostgres = policies.find((p) => p.metadata.name === 'postgres-from-services')!;
    expect(toPostgres.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'pictura.dev/role': 'service' } } },
    ]);
    // Every pod that receives ingress from a policy is one of ours.
    for (const policy of policies) {
      for (const rule of policy.spec.ingress ?? [])
        expect(rule.ports?.length, policy.metadata.name).toBeGreaterThan(0);
    }
  });
});

describe('network policies follow the code', () => {
  const SERVICES = ['auth', 'billing', 'community', 'history', 'jobs'] as const;
  const PORTS: Record<string, number> = {
    auth: 7101,
    billing: 7102,
    community: 7103,
    history: 7104,
    jobs: 7105,
  };

  /** Which services each service's composition root opens a gRPC client to (config.<NAME>_ADDR). */
  function callsInCode(): [string, string][] {
    return SERVICES.flatMap((caller) => {
      const main = readFileSync(`${root}services/${caller}/src/main.ts`, 'utf8');
      const callees = [...main.matchAll(/createServiceClient\(\w+, config\.(\w+)_ADDR/g)].map((m) =>
        m[1]!.toLowerCase(),
      );
      return [...new Set(callees)].map((callee): [string, string] => [caller, callee]);
    });
  }

  type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { values: string[] }[] };
  const names = (selector: Selector | undefined): string[] => [
    ...(selector?.matchLabels?.['app.kubernetes.io/name']
      ? [selector.matchLabels['app.kubernetes.io/name']]
      : []),
    ...(selector?.matchExpressions?.flatMap((e) => e.values) ?? []),
  ];
  const opens = (port: number) => (rule: { ports?: { port: number; endPort?: number }[] }) =>
    (rule.ports ?? []).some((p) => p.port <= port && port <= (p.endPort ?? p.port));

  it('lets every service-to-service call in the code through, both ways', () => {
    const policies = render('dev').filter((o) => o.kind === 'NetworkPolicy');
    const calls = callsInCode();
    expect(calls.length).toBeGreaterThan(3);
    for (const [caller, callee] of calls) {
      const port = PORTS[callee]!;
      const egress = policies.some(
        (p) =>
          names(p.spec.podSelector).includes(caller) &&
          (p.spec.egress ?? []).some(
            (rule: { to: { podSelector?: Selector }[] }) =>
              opens(port)(rule as never) && rule.to.some((to) => names(to.podSelector).includes(callee)),
          ),
      );
      const ingress = policies.some(
        (p) =>
          names(p.spec.podSelector).includes(callee) &&
          (p.spec.ingress ?? []).some(
            (rule: { from: { podSelector?: Selector }[] }) =>
              opens(port)(rule as never) &&
              rule.from.some((from) => names(from.podSelector).includes(caller)),
          ),
      );
      expect({ call: `${caller} -> ${callee}`, egress, ingress }).toEqual({
        call: `${caller} -> ${callee}`,
        egress: true,
        ingress: true,
      });
    }
  });
});

describe('overlay specifics', () => {
  it('prod runs CUDA workers on one GPU each', () => {
    const worker = find(render('prod'), 'Deployment', 'worker')!.spec.template.spec.containers[0];
    expect(worker.image).toMatch(/worker-cuda:/);
    expect(worker.resources.limits['nvidia.com/gpu']).toBe('1');
    expect(worker.env.find((e: { name: string }) => e.name === 'EXECUTION_PROVIDER').value).toBe('cuda');
  });

  it('dev runs CPU workers and the same init script as docker compose', () => {
    const worker = find(render('dev'), 'Deployment', 'worker')!.spec.template.spec.containers[0];
    expect(worker.image).toMatch(/worker-cpu:/);
    expect(readFileSync(`${root}k8s/overlays/dev/postgres/init-databases.sh`, 'utf8')).toBe(
      readFileSync(`${root}deploy/postgres/init-databases.sh`, 'utf8'),
    );
  });
});
