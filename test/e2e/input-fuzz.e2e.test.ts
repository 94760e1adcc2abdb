// Zero 5xx from input (issue 17): a property-based fuzz of every operation in the gateway's OpenAPI document
// (/api and /v1), on the real processes, as a guest, a signed-in user, the administrator and an API key. Each
// request mistypes, drops or stretches its fields, carries control characters, unicode, 1e400 and path tricks,
// malformed JSON or the wrong content type. Every answer must be below 500, and every error must have the
// documented shape ({error, message}; OpenAI's on /v1; {success: false, error} on the spec's upload calls).
// The seed is printed; FUZZ_SEED=<seed> replays a run.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import {
  answerProblem,
  type FuzzRequest,
  looseFields,
  type Operation,
  operationsOf,
  requestArb,
  type Schema,
} from '../support/openapi-fuzz.ts';
import { type Stack, startStack } from '../support/stack.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 1717);
/** About 2,500 requests in all, spread evenly over operations and callers. */
const REQUEST_BUDGET = 2500;
const PASSWORD = 'fuzzing is fun 123';

type Caller = 'guest' | 'user' | 'admin' | 'apiKey';

/**
 * Operations that end the caller's session or change who may call: fuzzed last, each request with a session of
 * its own, so the rest of the run keeps its credentials. Sign-in and registration go last of all, as a guest,
 * because their failures throttle the address the whole test calls from.
 */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/user/account']);
const THROTTLED = new Set(['POST /api/auth/login', 'POST /api/auth/register']);
const key = (op: Operation) => `${op.method} ${op.path}`;

describe('input fuzz of every documented operation', () => {
  let stack: Stack;
  let operations: Operation[];
  const credentials: Partial<Record<Caller, string>> = {};

  const post = async (path: string, body: unknown, token?: string) => {
    const res = await stack.api<Record<string, unknown>>('POST', path, token, body);
    return res;
  };
  const signIn = async (username: string) => {
    const res = await post('/api/auth/login', { username, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  /** Ids of things that exist, for path values beside the tricks: a job, its history item, a post, a key. */
  const knownIds: string[] = [];
  async function makeThingsToFind() {
    const job = await stack.api<{ job_id: string }>('POST', '/api/generate', credentials.user, {
      prompt: 'a lighthouse',
    });
    expect(job.status).toBe(202);
    knownIds.push(job.body.job_id);
    // The generation's history item and post let requests reach past "not found"; the fuzz itself does not
    // depend on them, so a slow worker only narrows it (the ids found are printed).
    const item = await eventually(async () => {
      const page = await stack.api<{ items: { id: string }[] }>('GET', '/api/history', credentials.user);
      return page.body.items?.[0];
    }, 'the lighthouse to reach history').catch(() => undefined);
    if (item) {
      knownIds.push(item.id);
      const post = await stack.api<{ id: string }>('POST', '/api/community/posts', credentials.user, {
        history_id: item.id,
        title: 'Lighthouse',
        agree: true,
      });
      if (post.status === 201) knownIds.push(post.body.id);
    }
    console.log(`input fuzz: known ids ${knownIds.join(', ')}`);
  }

  beforeAll(async () => {
    stack = await startStack({
      // Limits off or high, so requests reach the handlers; a 429 is still a fine answer.
      env: { GUEST_GENERATE_PER_MINUTE: '0', GUEST_UPSCALE_PER_MINUTE: '0', API_KEY_PER_MINUTE: '0' },
    });
    const admin = await post('/api/auth/register', { username: 'fuzz-admin', password: PASSWORD });
    expect(admin.status).toBe(201); // the first account is the administrator
    const user = await post('/api/auth/register', { username: 'fuzz-user', password: PASSWORD });
    expect(user.status).toBe(201);
    credentials.admin = admin.body.token as string;
    credentials.user = user.body.token as string;
    const apiKey = await post('/api/user/api-keys', { name: 'fuzz' }, credentials.admin);
    expect(apiKey.status, JSON.stringify(apiKey.body)).toBe(201);
    credentials.apiKey = apiKey.body.key as string;
    knownIds.push('1', '2', String((apiKey.body.api_key as { id: string }).id));
    await makeThingsToFind();
    const doc = (await (await fetch(`${stack.url}/api/openapi.json`)).json()) as Record<string, unknown>;
    operations = operationsOf(doc);
  }, 240_000);
  afterAll(() => stack?.stop());

  async function send(request: FuzzRequest, token: string | undefined) {
    const headers = { ...request.headers };
    if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${stack.url}${request.url}`, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    // Success bodies may be event streams that never end: only errors are read.
    if (res.status < 400) await res.body?.cancel();
    const text = res.status >= 400 ? await res.text() : '';
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
  }

  // The rule a new route must follow too: every string it takes is free text under the shared rule (or an
  // enum or a strict format), every number has both bounds (text-schemas.ts).
  it('declares every input string with the text rule and every input number with bounds', () => {
    const loose: string[] = [];
    for (const op of operations) {
      const inputs: [string, Schema][] = [
        ...op.pathParams.map((p): [string, Schema] => [p.name, p.schema]),
        ...op.query.map((q): [string, Schema] => [q.name, q.schema]),
        ...(op.body?.contentType.includes('json') ? [['body', op.body.schema] as [string, Schema]] : []),
      ];
      for (const [name, schema] of inputs) {
        for (const problem of looseFields(schema, name)) loose.push(`${key(op)}: ${problem}`);
      }
    }
    expect(loose).toEqual([]);
  });

  // The three causes of the 500s issue 17 found, each asked for directly.
  it.each([
    ['a NUL in the login username', 'POST', '/api/auth/login', { username: 'a\u0000b', password: 'x' }],
    ['a NUL in a history search', 'GET', '/api/history?q=%00', undefined],
    ['a NUL in a profile name', 'PUT', '/api/user/profile', { name: 'a\u0000' }],
    [
      'a NUL in a support message',
      'POST',
      '/api/support/requests',
      { name: 'Ann', email: 'ann@example.com', message: 'help\u0000' },
    ],
    ['a NUL in a prompt', 'POST', '/api/generate', { prompt: 'a fox\u0000' }],
    ['limit=1e400 on the community feed', 'GET', '/api/community/posts?limit=1e400', undefined],
    ['limit=Infinity on the community feed', 'GET', '/api/community/posts?limit=Infinity', undefined],
  ])('answers %s with 400 {error, message}', async (_, method, path, body) => {
    const res = await stack.api<Record<string, unknown>>(method, path, credentials.user, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('treats a malformed Google hand-off cookie as absent, not as a 500', async () => {
    const res = await fetch(`${stack.url}/api/auth/token-from-cookie`, {
      headers: { cookie: 'pictura_oauth=%E0%A4%A' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'token_not_found', message: 'No token found' });
  });

  it('answers every request below 500, every error in its documented shape', async () => {
    const v1 = (op: Operation) => op.path.startsWith('/v1');
    // Who calls what: /v1 takes API keys only, so it is fuzzed as a guest and with a key.
    const plan: { op: Operation; caller: Caller }[] = [];
    const ordered = [
      ...operations.filter((op) => !SESSION_ENDING.has(key(op)) && !THROTTLED.has(key(op))),
      ...operations.filter((op) => SESSION_ENDING.has(key(op))),
    ];
    for (const caller of ['guest', 'apiKey', 'user', 'admin'] as const) {
      for (const op of ordered) {
        if ((caller === 'apiKey') !== v1(op) && caller !== 'guest') continue;
        plan.push({ op, caller });
      }
    }
    for (const op of operations.filter((o) => THROTTLED.has(key(o)))) plan.push({ op, caller: 'guest' });
    const runs = Math.max(4, Math.ceil(REQUEST_BUDGET / plan.length));

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    console.log(`input fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    for (const [index, { op, caller }] of plan.entries()) {
      const result = await fc.check(
        fc.asyncProperty(requestArb(op, knownIds), async (request) => {
          let token = credentials[caller];
          // A session of its own, so ending it leaves the run's session alone.
          if (SESSION_ENDING.has(key(op)) && caller !== 'guest') {
            token = await signIn(caller === 'admin' ? 'fuzz-admin' : 'fuzz-user').catch(() => token);
          }
          const answer = await send(request, token);
          requests++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = answerProblem(op, answer.status, answer.contentType, answer.text);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED + index, numRuns: runs, endOnFailure: true },
      );
      if (result.failed) {
        const [request] = result.counterexample ?? [];
        failures.push(
          `${key(op)} as ${caller}: ${(result.errorInstance as Error | undefined)?.message}\n    ` +
            `${JSON.stringify(request).slice(0, 600)}`,
        );
      }
    }

    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      [
        `input fuzz: ${operations.length} operations, ${plan.length} operation × caller pairs, ${requests} requests`,
        `statuses: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, c]) => `${s}×${c}`)
          .join(' ')}`,
        `5xx: ${fiveHundreds}; failing pairs: ${failures.length}`,
        ...failures.map((f) => `  ${f}`),
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    expect(fiveHundreds).toBe(0);
  }, 600_000);
});
