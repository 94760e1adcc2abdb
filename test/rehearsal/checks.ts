// What the rehearsal proves about the replicated topology, one check per operator promise. Each check
// drives the product over HTTP as users do (through the round-robin proxy unless it names a gateway), breaks
// one part on purpose, and counts what users saw.
import { generateKeyPairSync } from 'node:crypto';
import pg from 'pg';
import type { Topology } from './topology.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** One line of figures for the report. */
  summary: string;
  /** What went wrong, for the report and the test's message. */
  failures: string[];
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
  /** The gateway's x-request-id, to find the request in its log. */
  requestId?: string;
}

const PASSWORD = 'rehearsal password';
/** k8s/base sets minReadySeconds on the services' Deployments; a rolling restart here waits as long. */
const MIN_READY_MS = 5_000;
/** How long a datastore stays down: longer than the gateway's 3 s session check, shorter than a failover. */
const OUTAGE_MS = 6_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private Ed25519 key as AUTH_SIGNING_KEYS lists it (a JWK, so it fits on one line). */
export function newSigningKey(): Record<string, unknown> {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  from?: string,
): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // The proxy appends it to X-Forwarded-For as the address it saw (round-robin-proxy.ts).
        ...(from ? { 'x-rehearsal-client': from } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as Record<
      string,
      unknown
    >;
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: json,
      requestId: res.headers.get('x-request-id') ?? '',
    };
  } catch (error) {
    // No answer at all (a reset connection, a timeout) is as bad for a user as a 5xx: count it as 599.
    return { status: 599, retryAfter: null, body: { error: String(error) } };
  }
}

let accounts = 1;

async function register(base: string, username: string): Promise<string> {
  // Each account from an address of its own, as real sign-ups come (the limit per address stays on).
  const n = accounts++;
  const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const res = await call(
    base,
    'POST',
    '/api/auth/register',
    undefined,
    { username, password: PASSWORD },
    from,
  );
  if (res.status !== 201)
    throw new Error(`register ${username}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
}

/** Waits for the job to end, reading it as its owner would; tolerates the moments a datastore is down. */
async function jobEnd(base: string, token: string, id: string, timeoutMs = 180_000): Promise<string> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    const res = await call(base, 'GET', `/api/jobs/${id}`, token);
    const status = res.body.status as string | undefined;
    if (res.status === 200 && (status === 'completed' || status === 'error' || status === 'cancelled')) {
      return status;
    }
    await sleep(250);
  }
  return 'timed out';
}

/** Status counts, e.g. "200×812 202×96 503×14". */
function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

function result(name: string, summary: string, failures: string[]): CheckResult {
  return { name, ok: failures.length === 0, summary, failures: failures.slice(0, 10) };
}

/** 1. A user signs in through gateway A and works through gateway B. */
export async function signInOnOneGatewayWorkOnTheOther(topology: Topology): Promise<CheckResult> {
  const [a, b] = topology.gateways as [string, string];
  const failures: string[] = [];
  const token = await register(a, `crossing-${Date.now() % 100_000}`);
  const me = await call(b, 'GET', '/api/auth/me', token);
  if (me.status !== 200 || me.body.authenticated !== true) {
    failures.push(
      `gateway B does not know gateway A's session: HTTP ${me.status} ${JSON.stringify(me.body)}`,
    );
  }
  const job = await call(b, 'POST', '/api/generate', token, { prompt: 'a lighthouse at dusk' });
  if (job.status !== 202) failures.push(`generate on B: HTTP ${job.status} ${JSON.stringify(job.body)}`);
  const id = job.body.job_id as string;
  const end = id ? await jobEnd(a, token, id) : 'not submitted';
  if (end !== 'completed') failures.push(`job submitted on B, read on A: ${end}`);
  const done = await call(a, 'GET', `/api/jobs/${id}`, token);
  const url = (done.body.images as { url: string }[] | undefined)?.[0]?.url;
  const image = url ? await fetch(`${b}${url}`) : undefined;
  const bytes = image?.ok ? (await image.arrayBuffer()).byteLength : 0;
  if (!bytes) failures.push(`image ${url} from gateway B: HTTP ${image?.status}`);
  const history = await call(a, 'GET', '/api/history', token);
  const items = (history.body.items as unknown[] | undefined) ?? [];
  if (items.length !== 1) failures.push(`history on A lists ${items.length} items, expected 1`);
  return result(
    'sign in on gateway A, work on gateway B',
    `session, generation, image (${bytes} bytes) and history across gateways`,
    failures,
  );
}

/**
 * Users sign in and browse through the proxy while one auth replica is killed (SIGKILL, as the OOM killer
 * or a lost node does) and later comes back. Nobody may see a 5xx.
 */
export async function authReplicaKilledUnderLoad(topology: Topology): Promise<CheckResult> {
  const stamp = Date.now() % 100_000;
  const names = Array.from({ length: 6 }, (_, i) => `signin-${i}-${stamp}`);
  await Promise.all(names.map((name) => register(topology.url, name)));
  const statuses: number[] = [];
  const odd: string[] = [];
  let running = true;
  const load = names.map(async (username) => {
    while (running) {
      const login = await call(topology.url, 'POST', '/api/auth/login', undefined, {
        username,
        password: PASSWORD,
      });
      statuses.push(login.status);
      if (login.status >= 500) {
        odd.push(`POST /api/auth/login: ${login.status} ${JSON.stringify(login.body)}`);
        odd.push(...gatewayLogOf(topology, login.requestId));
      }
      const token = login.body.token as string | undefined;
      for (const path of ['/api/auth/me', '/api/history', '/api/user/stats']) {
        const answer = await call(topology.url, 'GET', path, token);
        statuses.push(answer.status);
        if (answer.status >= 500) {
          odd.push(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
          // Which call failed, and how: the gateway logs a 5xx's cause under the request's id.
          odd.push(...gatewayLogOf(topology, answer.requestId));
        }
      }
    }
  });
  await sleep(2_000);
  await topology.kill('auth-1', 'SIGKILL');
  await sleep(3_000);
  await topology.start('auth-1');
  await sleep(2_000);
  running = false;
  await Promise.all(load);
  const failures = statuses.filter((s) => s >= 500).length
    ? [
        `users saw ${statuses.filter((s) => s >= 500).length} 5xx answers: ${tally(statuses)}`,
        ...new Set(odd),
      ]
    : [];
  return result(
    'auth replica killed under load',
    `${statuses.length} requests: ${tally(statuses)}`,
    failures,
  );
}

/** The gateways' log lines about one request, shortened, for a check's failure report. */
function gatewayLogOf(topology: Topology, requestId: string | undefined): string[] {
  if (!requestId) return [];
  return [...topology.replicas.keys()]
    .filter((id) => id.startsWith('gateway-'))
    .flatMap((id) => topology.logs(id).map((line) => `${id}: ${line}`))
    .filter((line) => line.includes(requestId) && !line.includes('request completed'))
    .map((line) => line.slice(0, 800));
}

/** 200 jobs from 20 users while workers are killed mid-job 5 times: every job completes and is recorded once. */
export async function workersKilledMidJob(topology: Topology): Promise<CheckResult> {
  const stamp = Date.now() % 100_000;
  const tokens = await Promise.all(
    Array.from({ length: 20 }, (_, i) => register(topology.url, `maker-${i}-${stamp}`)),
  );
  const submitted: { id: string; token: string }[] = [];
  const failures: string[] = [];
  await Promise.all(
    tokens.map(async (token, user) => {
      for (let n = 0; n < 10; n++) {
        const res = await call(topology.url, 'POST', '/api/generate', token, {
          prompt: `a red fox ${user}-${n}`,
        });
        if (res.status === 202) submitted.push({ id: res.body.job_id as string, token });
        else failures.push(`generate: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  // Kill a busy worker five times, each time bringing it back, while the queue drains.
  const workers = [...topology.replicas.keys()].filter((id) => id.startsWith('worker-'));
  for (let kill = 0; kill < 5; kill++) {
    await sleep(1_500);
    const victim = workers[kill % workers.length]!;
    await topology.kill(victim, 'SIGKILL');
    await topology.start(victim);
  }
  const ends = await Promise.all(submitted.map((job) => jobEnd(topology.url, job.token, job.id)));
  const notCompleted = ends.filter((end) => end !== 'completed').length;
  if (notCompleted)
    failures.push(`${notCompleted} of ${submitted.length} jobs did not complete: ${[...new Set(ends)]}`);
  const db = new pg.Client({ connectionString: topology.env.DATABASE_URL });
  await db.connect();
  const ids = submitted.map((job) => job.id);
  const { rows } = await db.query<{ job_id: string; n: string }>(
    'SELECT job_id, count(*) AS n FROM history.items WHERE job_id = ANY($1) GROUP BY job_id',
    [ids],
  );
  await db.end();
  const recorded = rows.length;
  const duplicated = rows.filter((row) => Number(row.n) > 1).length;
  if (recorded !== ids.length) failures.push(`${ids.length - recorded} jobs lost from history`);
  if (duplicated) failures.push(`${duplicated} jobs recorded more than once`);
  return result(
    'workers killed mid-job',
    `${submitted.length} jobs, 5 kills: ${ends.length - notCompleted} completed, ${submitted.length - recorded} lost, ${duplicated} duplicated`,
    failures,
  );
}

/**
 * A datastore goes down for a few seconds under load and comes back. While it is down users get 503 with
 * Retry-After (never another 5xx); afterwards every job the product acknowledged (202) completes.
 */
async function datastoreRestart(
  topology: Topology,
  name: string,
  restart: () => Promise<void>,
): Promise<CheckResult> {
  const stamp = Date.now() % 100_000;
  const tokens = await Promise.all(
    Array.from({ length: 4 }, (_, i) => register(topology.url, `${name}-${i}-${stamp}`)),
  );
  const answers: Answer[] = [];
  const acknowledged: { id: string; token: string }[] = [];
  let running = true;
  const load = tokens.map(async (token, user) => {
    for (let n = 0; running; n++) {
      const job = await call(topology.url, 'POST', '/api/generate', token, {
        prompt: `a quiet harbour ${user}-${n}`,
      });
      answers.push(job);
      if (job.status === 202) acknowledged.push({ id: job.body.job_id as string, token });
      for (const path of ['/api/auth/me', '/api/history'])
        answers.push(await call(topology.url, 'GET', path, token));
      await sleep(100);
    }
  });
  await sleep(2_000);
  await restart();
  await sleep(3_000);
  running = false;
  await Promise.all(load);
  const failures: string[] = [];
  const statuses = answers.map((a) => a.status);
  const otherErrors = answers.filter((a) => a.status >= 500 && a.status !== 503);
  if (otherErrors.length) {
    failures.push(
      `${otherErrors.length} answers were 5xx other than 503: ${tally(otherErrors.map((a) => a.status))}`,
    );
  }
  const bare = answers.filter((a) => a.status === 503 && !a.retryAfter);
  if (bare.length) failures.push(`${bare.length} 503 answers without Retry-After`);
  const ends = await Promise.all(acknowledged.map((job) => jobEnd(topology.url, job.token, job.id)));
  const lost = ends.filter((end) => end !== 'completed');
  if (lost.length)
    failures.push(
      `${lost.length} of ${acknowledged.length} acknowledged jobs did not complete: ${[...new Set(lost)]}`,
    );
  return result(
    `${name} restarted under load`,
    `${answers.length} requests: ${tally(statuses)}; ${acknowledged.length} acknowledged jobs, ${lost.length} lost`,
    failures,
  );
}

export function redisRestartedUnderLoad(topology: Topology): Promise<CheckResult> {
  return datastoreRestart(topology, 'redis', async () => {
    await topology.redis.down();
    await sleep(OUTAGE_MS);
    await topology.redis.up();
  });
}

export function postgresRestartedUnderLoad(topology: Topology): Promise<CheckResult> {
  return datastoreRestart(topology, 'postgres', async () => {
    await topology.postgres.down('fast');
    await sleep(OUTAGE_MS);
    await topology.postgres.up();
  });
}

/**
 * The operator rotates the signing key as deploy/README.md says, in two rollouts so that no replica ever signs
 * with a key another replica cannot verify: first auth restarts replica by replica with the new key staged
 * behind the current one (it verifies, it does not sign), then again with the new key promoted to the front.
 * A user signed in before stays signed in throughout, and so does everyone who signs in meanwhile.
 */
export async function signingKeyRotation(
  topology: Topology,
  oldKeys: Record<string, unknown>[],
): Promise<CheckResult> {
  const stamp = Date.now() % 100_000;
  const steady = `steady-${stamp}`;
  const newcomer = `newcomer-${stamp}`;
  const token = await register(topology.url, steady);
  await register(topology.url, newcomer);
  const oldKid = kidOf(token);
  const newKey = newSigningKey();
  const staged = JSON.stringify([...oldKeys, newKey]);
  const promoted = JSON.stringify([newKey, ...oldKeys]);
  const statuses: number[] = [];
  const odd: string[] = [];
  let signedOut = 0;
  let phase = 'before';
  let running = true;
  const signedIn = async (bearer: string | undefined) => {
    const me = await call(topology.url, 'GET', '/api/auth/me', bearer);
    statuses.push(me.status);
    if (me.status !== 200)
      odd.push(
        `GET /api/auth/me: ${me.status} ${JSON.stringify(me.body)} kid ${bearer ? kidOf(bearer).slice(0, 6) : '-'} phase ${phase}`,
      );
    if (me.status === 200 && me.body.authenticated !== true) signedOut++;
  };
  const load = [
    // Someone signed in before the rotation keeps browsing.
    (async () => {
      while (running) {
        await signedIn(token);
        await sleep(50);
      }
    })(),
    // Someone signs in again and again during it, and uses each new session at once.
    (async () => {
      while (running) {
        const login = await call(topology.url, 'POST', '/api/auth/login', undefined, {
          username: newcomer,
          password: PASSWORD,
        });
        statuses.push(login.status);
        if (login.status !== 200)
          odd.push(`POST /api/auth/login: ${login.status} ${JSON.stringify(login.body)}`);
        if (typeof login.body.token === 'string') await signedIn(login.body.token);
        await sleep(50);
      }
    })(),
  ];
  for (const keys of [staged, promoted]) {
    for (const id of ['auth-1', 'auth-2']) {
      phase = `${keys === staged ? 'stage' : 'promote'} ${id}`;
      await topology.kill(id, 'SIGTERM');
      await topology.start(id, { AUTH_SIGNING_KEYS: keys });
      // As the Deployments' minReadySeconds: callers reconnect to the new replica before the next one goes.
      await sleep(MIN_READY_MS);
    }
  }
  await sleep(1_000);
  running = false;
  await Promise.all(load);
  const fresh = await call(topology.url, 'POST', '/api/auth/login', undefined, {
    username: steady,
    password: PASSWORD,
  });
  topology.env.AUTH_SIGNING_KEYS = promoted;
  const failures: string[] = [];
  if (signedOut) failures.push(`users were signed out ${signedOut} times during the rotation`);
  const errors = statuses.filter((s) => s !== 200);
  if (errors.length) {
    failures.push(`answers other than 200 during the rotation: ${tally(statuses)}`, ...new Set(odd));
  }
  const newKid = typeof fresh.body.token === 'string' ? kidOf(fresh.body.token) : '';
  if (!newKid || newKid === oldKid)
    failures.push(`a sign-in after the rotation is not signed by the new key (${fresh.status})`);
  return result(
    'signing-key rotation',
    `2 rolling restarts of auth (stage, promote): ${tally(statuses)}; sign-ins after it use the new key`,
    failures,
  );
}
