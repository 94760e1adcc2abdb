// Renders every kustomize overlay (and each optional component) with `kubectl kustomize` (kustomize built into
// kubectl, offline) and validates each object against its schema: Kubernetes' OpenAPI schemas bundled in
// kubernetes-models, and the CRD schemas of KEDA, the Gateway API and the Prometheus Operator from their
// @kubernetes-models packages. Then checks the structure the operators rely on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = new URL('../../', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version as string;
const SERVICES = ['auth', 'billing', 'community', 'history', 'jobs'];
const PROCESSES = [...SERVICES, 'gateway', 'worker'];
const GRPC_PORTS: Record<string, number> = {
  auth: 7101,
  billing: 7102,
  community: 7103,
  history: 7104,
  jobs: 7105,
};
/** The processes that open the image store (their main.ts creates one); jobs does not. */
const STORE_USERS = ['gateway', 'history', 'community', 'worker'];
const NAMESPACE: Record<string, string> = { dev: 'pictura-dev', prod: 'pictura' };

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: rendered manifests are walked field by field; the schemas check their shape
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  data?: any;
};
type EnvVar = { name: string; value?: string; valueFrom?: Record<string, Record<string, unknown>> };

function renderDir(dir: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { cwd: root, encoding: 'utf8' });
  return parseAllDocuments(out)
    .map((doc) => doc.toJS() as K8sObject)
    .filter(Boolean);
}
const render = (overlay: string) => renderDir(`k8s/overlays/${overlay}`);

/** Renders a kustomization made here: kustomize wants paths relative to it, so it lives in a temp folder. */
const scratch = mkdtempSync(join(tmpdir(), 'pictura-k8s-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function renderWith(name: string, kustomization: Record<string, unknown>): K8sObject[] {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const path = (p: string) => relative(dir, join(root, p));
  const fields = Object.fromEntries(
    Object.entries(kustomization).map(([key, value]) => [
      key,
      key === 'resources' || key === 'components' ? (value as string[]).map(path) : value,
    ]),
  );
  writeFileSync(
    join(dir, 'kustomization.yaml'),
    JSON.stringify({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', ...fields }),
  );
  return renderDir(dir);
}

/** Kinds whose maker publishes no schema package; the tests below check their fields themselves. */
const UNVALIDATED = new Set(['gateway.envoyproxy.io/v1alpha1 BackendTrafficPolicy']);

/** The model class for an apiVersion/kind, whose validate() checks the schema. */
function modelFor(apiVersion: string, kind: string): { new (data: unknown): { validate(): void } } {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const packages: Record<string, string> = {
    'keda.sh': '@kubernetes-models/keda',
    'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
    'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  };
  const module = packages[group!]
    ? `${packages[group!]}/${group}/${version}`
    : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  const models = require(module);
  const model = models[kind];
  if (!model) throw new Error(`no schema for ${apiVersion} ${kind}`);
  return model;
}

function validationFailures(objects: K8sObject[]): string[] {
  const failures: string[] = [];
  for (const object of objects) {
    if (UNVALIDATED.has(`${object.apiVersion} ${object.kind}`)) continue;
    try {
      const Model = modelFor(object.apiVersion, object.kind);
      new Model(object).validate();
    } catch (error) {
      failures.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
    }
  }
  return failures;
}

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const podOf = (objects: K8sObject[], name: string) => find(objects, 'Deployment', name)!.spec.template.spec;
const envOf = (objects: K8sObject[], name: string): Record<string, EnvVar> =>
  Object.fromEntries(podOf(objects, name).containers[0].env.map((e: EnvVar) => [e.name, e]));

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { values: string[] }[] };
/** The app.kubernetes.io/name values a selector picks. */
const names = (selector: Selector | undefined): string[] => [
  ...(selector?.matchLabels?.['app.kubernetes.io/name']
    ? [selector.matchLabels['app.kubernetes.io/name']]
    : []),
  ...(selector?.matchExpressions?.flatMap((e) => e.values) ?? []),
];
const opens = (port: number) => (rule: { ports?: { port: number; endPort?: number }[] }) =>
  (rule.ports ?? []).some((p) => p.port <= port && port <= (p.endPort ?? p.port));
/** Whether some NetworkPolicy on `pod` admits traffic on `port` from the namespace `namespace`. */
const admitsFromNamespace = (objects: K8sObject[], pod: string, namespace: string, port: number) =>
  objects.some(
    (p) =>
      p.kind === 'NetworkPolicy' &&
      names(p.spec.podSelector).includes(pod) &&
      (p.spec.ingress ?? []).some(
        (rule: { from: { namespaceSelector?: Selector }[] }) =>
          opens(port)(rule as never) &&
          rule.from.some(
            (from) => from.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === namespace,
          ),
      ),
  );

describe.each(['dev', 'prod'])('k8s overlay %s', (overlay) => {
  const objects = render(overlay);
  const namespace = NAMESPACE[overlay]!;

  it('validates every object against its schema', () => {
    expect(validationFailures(objects)).toEqual([]);
  });

  it('puts every namespaced object in the overlay namespace', () => {
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace);
    }
  });

  it.each(PROCESSES)('%s has a Deployment, Service, ServiceAccount and PodDisruptionBudget', (name) => {
    for (const kind of ['Deployment', 'Service', 'ServiceAccount', 'PodDisruptionBudget']) {
      expect(find(objects, kind, name), `${kind}/${name}`).toBeDefined();
    }
    const pod = podOf(objects, name);
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
      // The image's own command (CMD) runs the process: no manifest overrides it.
      expect(container.command, name).toBeUndefined();
      expect(container.args, name).toBeUndefined();
      // Only /tmp and DATA_DIR (and, for the worker, the models it installs) are mounted.
      for (const mount of container.volumeMounts) {
        expect(name === 'worker' ? ['/tmp', '/data', '/models'] : ['/tmp', '/data']).toContain(
          mount.mountPath,
        );
      }
    }
  });

  it.each(SERVICES)('%s uses native gRPC probes and reads its database URL from a Secret', (name) => {
    const container = podOf(objects, name).containers[0];
    const port = container.ports.find((p: { name: string }) => p.name === 'grpc').containerPort;
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(container[probe].grpc.port, probe).toBe(port);
    }
    expect(envOf(objects, name).DATABASE_URL!.valueFrom!.secretKeyRef).toEqual({
      name: `pictura-db-${name}`,
      key: 'url',
    });
  });

  it.each(SERVICES)('clients reach every %s pod: a headless Service and a dns:/// address', (name) => {
    const port = GRPC_PORTS[name]!;
    const headless = find(objects, 'Service', `${name}-grpc`)!;
    expect(headless, `Service/${name}-grpc`).toBeDefined();
    // No virtual IP: DNS answers each ready pod's address, which the clients' round_robin balances over.
    expect(headless.spec.clusterIP).toBe('None');
    expect(headless.spec.publishNotReadyAddresses ?? false).toBe(false);
    expect(headless.spec.selector).toEqual({ 'app.kubernetes.io/name': name });
    expect(headless.spec.ports).toEqual([expect.objectContaining({ port, targetPort: 'grpc' })]);
    const pod = podOf(objects, name);
    expect(pod.containers[0].ports.find((p: { name: string }) => p.name === 'grpc').containerPort).toBe(port);
    // The short name resolves through the pod's DNS search path, so the address holds in any namespace.
    const config = find(objects, 'ConfigMap', 'pictura-config')!;
    expect(config.data[`${name.toUpperCase()}_ADDR`]).toBe(`dns:///${name}-grpc:${port}`);
  });

  it('gives every auth replica the same signing keys, from a Secret that must exist', () => {
    expect(envOf(objects, 'auth').AUTH_SIGNING_KEYS!.valueFrom).toEqual({
      secretKeyRef: { name: 'pictura-auth', key: 'signing-keys' },
    });
  });

  it('never carries a secret value: no Secret objects, secret-looking variables only by reference', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const deployment of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')) {
      const pod = deployment.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        for (const variable of container.env ?? []) {
          if (
            /(PASSWORD|SECRET|TOKEN|_KEY|SIGNING_KEYS|_KEY_ID)$|^(DATABASE_URL|REDIS_URL|REDIS_ADDR)$/.test(
              variable.name,
            )
          ) {
            expect(
              variable.valueFrom?.secretKeyRef,
              `${deployment.metadata.name} ${variable.name}`,
            ).toBeDefined();
          }
        }
      }
    }
  });

  it('runs the release version of every Pictura image, never "latest"', () => {
    for (const workload of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')) {
      const pod = workload.spec.template.spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const image = container.image as string;
        expect(image, `${workload.metadata.name}/${container.name}`).toMatch(/:[^/]+$/);
        expect(image).not.toMatch(/:latest$/);
        if (image.includes('pictura/')) expect(image.endsWith(`:${version}`), image).toBe(true);
      }
    }
  });

  it('installs PICTURA_MODELS in an init container before the worker, into the shared models volume', () => {
    const pod = podOf(objects, 'worker');
    const init = pod.initContainers.find((c: { name: string }) => c.name === 'models');
    // The compiled models CLI in the worker image.
    expect(init.command).toEqual([
      'node',
      '--conditions=pictura-dist',
      'services/worker/dist/models/models.cli.js',
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
    const egress = find(objects, 'NetworkPolicy', 'worker-egress-https')!;
    expect(egress.spec.podSelector.matchLabels['app.kubernetes.io/name']).toBe('worker');
    expect(egress.spec.egress[0].ports).toEqual([{ protocol: 'TCP', port: 443 }]);
  });

  it('routes the public entry through a Gateway API HTTPRoute, with no Ingress', () => {
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    const route = find(objects, 'HTTPRoute', 'gateway')!;
    expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
    const gateway = find(objects, 'Gateway', route.spec.parentRefs[0].name)!;
    expect(gateway, 'the Gateway the route attaches to').toBeDefined();
    const listener = gateway.spec.listeners.find(
      (l: { name: string }) => l.name === (route.spec.parentRefs[0].sectionName ?? l.name),
    );
    expect(route.spec.hostnames).toEqual([listener.hostname]);
    const rules = route.spec.rules as {
      matches: { path: { type: string; value: string } }[];
      backendRefs: { name: string; port: number }[];
      timeouts?: { request?: string };
    }[];
    const service = find(objects, 'Service', 'gateway')!;
    for (const rule of rules) {
      expect(rule.backendRefs).toEqual([{ name: 'gateway', port: service.spec.ports[0].port }]);
    }
    const ruleFor = (path: string) =>
      rules.find((rule) =>
        rule.matches.some(
          (m) => m.path.type === 'PathPrefix' && path.startsWith(m.path.value) && m.path.value !== '/',
        ),
      ) ?? rules.find((rule) => rule.matches.some((m) => m.path.value === '/'));
    // Job events (SSE) and /v1 (answers when the image is ready) are never cut by a request timeout.
    expect(ruleFor('/api/jobs/0b5c/events')?.timeouts?.request).toBe('0s');
    expect(ruleFor('/v1/images/generations')?.timeouts?.request).toBe('0s');
    expect(ruleFor('/files/abc.png')?.timeouts?.request).toMatch(/^[1-9]\d*(s|m)$/);
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway')!;
    expect(hpa.spec.scaleTargetRef.name).toBe('gateway');
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
  });

  it('caps request bodies at 12 MiB at the Gateway (Envoy Gateway component) and lets only its proxies in', () => {
    const policy = find(objects, 'BackendTrafficPolicy', 'gateway-request-body')!;
    expect(policy.apiVersion).toBe('gateway.envoyproxy.io/v1alpha1');
    expect(policy.spec).toEqual({
      targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'gateway' }],
      requestBuffer: { limit: '12Mi' },
    });
    expect(admitsFromNamespace(objects, 'gateway', 'envoy-gateway-system', 8080)).toBe(true);
    expect(admitsFromNamespace(objects, 'gateway', 'ingress-nginx', 8080)).toBe(false);
  });

  it('scales workers on the jobs queue-depth endpoint (KEDA metrics-api), without Prometheus', () => {
    const scaled = find(objects, 'ScaledObject', 'worker')!;
    expect(scaled.spec.scaleTargetRef.name).toBe('worker');
    expect(scaled.spec.triggers.map((t: { type: string }) => t.type)).toEqual(['metrics-api']);
    const trigger = scaled.spec.triggers[0];
    expect(trigger.metricType).toBe('AverageValue');
    // KEDA calls from its own namespace, so the address names this one; 9105 is jobs' metrics port.
    expect(trigger.metadata.url).toBe(`http://jobs.${namespace}.svc:9105/queue-depth`);
    const jobsService = find(objects, 'Service', 'jobs')!;
    expect(jobsService.spec.ports.some((p: { port: number }) => p.port === 9105)).toBe(true);
    expect(envOf(objects, 'jobs').METRICS_PORT!.value).toBe('9105');
    expect(trigger.metadata.valueLocation).toBe('total');
    // One worker per WORKER_CONCURRENCY jobs; the first job wakes a worker from zero.
    expect(trigger.metadata.targetValue).toBe(envOf(objects, 'worker').WORKER_CONCURRENCY!.value);
    expect(trigger.metadata.activationTargetValue).toBe('0');
    expect(scaled.spec.minReplicaCount).toBe(overlay === 'prod' ? 1 : 0);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
    expect(admitsFromNamespace(objects, 'jobs', 'keda', 9105)).toBe(true);
    // The worker's own drain deadline is 120 s (services/worker/src/main.ts).
    expect(podOf(objects, 'worker').terminationGracePeriodSeconds).toBeGreaterThan(120);
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

  it('names BullMQ keys only through QUEUE_PREFIX (redis_exporter expands it from the ConfigMap)', () => {
    const env = Object.fromEntries(
      podOf(objects, 'redis-exporter').containers[0].env.map((e: EnvVar) => [e.name, e]),
    ) as Record<string, EnvVar>;
    expect(env.QUEUE_PREFIX!.valueFrom!.configMapKeyRef).toMatchObject({
      name: 'pictura-config',
      key: 'QUEUE_PREFIX',
    });
    const keys = env.REDIS_EXPORTER_CHECK_SINGLE_KEYS!.value!.split(',');
    expect(keys).toContain('$(QUEUE_PREFIX):generate:prioritized');
    for (const key of keys)
      expect(key).toMatch(/^\$\(QUEUE_PREFIX\):(generate|upscale):(wait|prioritized|active)$/);
  });
});

describe('overlay specifics', () => {
  const dev = render('dev');
  const prod = render('prod');

  it('prod runs CUDA workers on one GPU each', () => {
    const worker = podOf(prod, 'worker').containers[0];
    expect(worker.image).toMatch(/worker-cuda:/);
    expect(worker.resources.limits['nvidia.com/gpu']).toBe('1');
    expect(envOf(prod, 'worker').EXECUTION_PROVIDER!.value).toBe('cuda');
  });

  it('dev runs CPU workers and the same init script as docker compose', () => {
    expect(podOf(dev, 'worker').containers[0].image).toMatch(/worker-cpu:/);
    expect(readFileSync(`${root}k8s/overlays/dev/postgres/init-databases.sh`, 'utf8')).toBe(
      readFileSync(`${root}deploy/postgres/init-databases.sh`, 'utf8'),
    );
  });

  it('dev keeps images on the shared ReadWriteMany volume of every process that opens the store', () => {
    expect(find(dev, 'ConfigMap', 'pictura-config')!.data.OBJECT_STORE).toBe('filesystem');
    expect(find(dev, 'PersistentVolumeClaim', 'pictura-objects')!.spec.accessModes).toEqual([
      'ReadWriteMany',
    ]);
    for (const name of STORE_USERS) {
      const volumes = podOf(dev, name).volumes as { persistentVolumeClaim?: { claimName?: string } }[];
      expect(
        volumes.some((v) => v.persistentVolumeClaim?.claimName === 'pictura-objects'),
        name,
      ).toBe(true);
    }
  });

  it('prod keeps images in S3: bucket settings, keys from a Secret, HTTPS out, no shared volume', () => {
    const config = find(prod, 'ConfigMap', 'pictura-config')!.data;
    expect(config).toMatchObject({ OBJECT_STORE: 's3', FILES_REDIRECT: 'presigned' });
    expect(config.S3_BUCKET).toBeTruthy();
    expect(config.S3_REGION).toBeTruthy();
    expect(find(prod, 'PersistentVolumeClaim', 'pictura-objects')).toBeUndefined();
    for (const name of PROCESSES) {
      const volumes = podOf(prod, name).volumes as { persistentVolumeClaim?: { claimName?: string } }[];
      expect(volumes.map((v) => v.persistentVolumeClaim?.claimName).filter(Boolean), name).not.toContain(
        'pictura-objects',
      );
    }
    const egress = prod.filter((o) => o.kind === 'NetworkPolicy' && o.spec.egress);
    for (const name of STORE_USERS) {
      const env = envOf(prod, name);
      // Optional: IRSA, workload identity or instance roles may give the credentials instead.
      expect(env.S3_ACCESS_KEY_ID!.valueFrom).toEqual({
        secretKeyRef: { name: 'pictura-s3', key: 'access-key-id', optional: true },
      });
      expect(env.S3_SECRET_ACCESS_KEY!.valueFrom).toEqual({
        secretKeyRef: { name: 'pictura-s3', key: 'secret-access-key', optional: true },
      });
      const https = egress.some(
        (p) =>
          names(p.spec.podSelector).includes(name) &&
          p.spec.egress.some(
            (rule: { to: { ipBlock?: { cidr: string } }[] }) =>
              opens(443)(rule as never) && rule.to.some((to) => to.ipBlock?.cidr === '0.0.0.0/0'),
          ),
      );
      expect(https, `${name} reaches S3 over HTTPS`).toBe(true);
    }
  });

  it('prod serves HTTPS only: a TLS listener with a cert-manager certificate, plain HTTP redirects', () => {
    const route = find(prod, 'HTTPRoute', 'gateway')!;
    expect(route.spec.parentRefs[0].sectionName).toBe('https');
    const gateway = find(prod, 'Gateway', 'pictura')!;
    expect(gateway.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBeTruthy();
    const https = gateway.spec.listeners.find((l: { name: string }) => l.name === 'https');
    expect(https).toMatchObject({ protocol: 'HTTPS', port: 443, tls: { mode: 'Terminate' } });
    const redirect = find(prod, 'HTTPRoute', 'gateway-https-redirect')!;
    expect(redirect.spec.parentRefs[0].sectionName).toBe('http');
    expect(redirect.spec.rules[0].filters[0]).toEqual({
      type: 'RequestRedirect',
      requestRedirect: { scheme: 'https', statusCode: 301 },
    });
  });
});

describe('optional components', () => {
  it('prometheus-operator: PodMonitors give every process the job label the alerts expect', () => {
    const objects = renderWith('prometheus', {
      namespace: 'pictura',
      resources: ['k8s/overlays/prod'],
      components: ['k8s/components/prometheus-operator'],
    });
    expect(validationFailures(objects)).toEqual([]);
    const monitors = objects.filter((o) => o.kind === 'PodMonitor');
    expect(monitors.length).toBeGreaterThan(0);
    for (const name of [...PROCESSES, 'redis-exporter']) {
      const pod = find(objects, 'Deployment', name)!.spec.template;
      const monitor = monitors.find((m) => names(m.spec.selector).includes(name))!;
      expect(monitor, `a PodMonitor selects ${name}`).toBeDefined();
      const endpoint = monitor.spec.podMetricsEndpoints[0];
      // Scrapes the container port the process serves /metrics on.
      expect(pod.spec.containers[0].ports.map((p: { name: string }) => p.name)).toContain(endpoint.port);
      expect(endpoint.path ?? '/metrics').toBe('/metrics');
      // Prometheus applies the relabelling to the pod's labels: the job label it ends with.
      const relabel = endpoint.relabelings.find((r: { targetLabel: string }) => r.targetLabel === 'job');
      const source = (relabel.sourceLabels ?? []).map((label: string) =>
        label === '__meta_kubernetes_pod_label_app_kubernetes_io_name'
          ? pod.metadata.labels['app.kubernetes.io/name']
          : '',
      );
      const job = (relabel.replacement as string).replace('$1', source.join(';'));
      expect(job).toBe(name === 'redis-exporter' ? 'redis-exporter' : `pictura-${name}`);
    }
  });

  it('prometheus-operator: the PrometheusRule carries exactly deploy/prometheus-alerts.yml', () => {
    const rule = parse(
      readFileSync(`${root}k8s/components/prometheus-operator/prometheus-rule.yaml`, 'utf8'),
    );
    const source = parse(readFileSync(`${root}deploy/prometheus-alerts.yml`, 'utf8'));
    expect(rule.kind).toBe('PrometheusRule');
    // If this fails: node k8s/components/prometheus-operator/render-rules.mjs
    expect(rule.spec).toEqual(source);
  });

  it('ingress-nginx: the former Ingress replaces the HTTPRoute, reached only from the controller', () => {
    const objects = renderWith('ingress-nginx', {
      namespace: 'pictura',
      resources: ['k8s/base'],
      components: ['k8s/components/ingress-nginx'],
      images: [{ name: 'pictura/gateway', newTag: version }],
    });
    expect(validationFailures(objects)).toEqual([]);
    expect(objects.filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io'))).toEqual([]);
    const ingress = find(objects, 'Ingress', 'gateway')!;
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('12m');
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(admitsFromNamespace(objects, 'gateway', 'ingress-nginx', 8080)).toBe(true);
  });
});

describe('queue keys follow QUEUE_PREFIX', () => {
  /** Every file of a folder, recursively. */
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? files(path) : [path];
    });

  it('no manifest, alert, dashboard or scrape config names a BullMQ key under a fixed prefix', () => {
    const offenders = [...files(`${root}k8s`), ...files(`${root}deploy`)].filter((path) =>
      /\bpictura:(generate|upscale|models|webhooks)\b/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders.map((path) => relative(root, path))).toEqual([]);
  });
});

describe('network policies follow the code', () => {
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

  it('lets every service-to-service call in the code through, both ways', () => {
    const policies = render('dev').filter((o) => o.kind === 'NetworkPolicy');
    const calls = callsInCode();
    expect(calls.length).toBeGreaterThan(3);
    for (const [caller, callee] of calls) {
      const port = GRPC_PORTS[callee]!;
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
