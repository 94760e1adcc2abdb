// Replicas: one address naming two real servers of the same service. Calls spread over both; a replica
// that answers UNAVAILABLE, dies mid-call or dies before its answer ends costs an idempotent call nothing
// (it is sent again, to the other), while a call that creates something is never sent twice.
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { partialService } from '../../../test/support/partial-service.ts';
import { AppError } from './app-error.ts';
import { JobsService } from './gen/jobs/v1/jobs_pb.ts';
import { createServiceClient, serviceConfigFor } from './grpc-client.ts';
import { createGrpcServer } from './grpc-server.ts';
import type { CallContext } from './grpc-types.ts';
import { createLogger } from './logger.ts';

type Behaviour = 'answer' | 'unavailable' | 'hold';
type Counted = 'getJob' | 'submitGeneration';

/** One replica of the jobs service: counts the calls that reach it and answers as the test says. */
async function startReplica(name: string) {
  const server = createGrpcServer('jobs', createLogger('test', 'silent'));
  let startedHolding = () => {};
  const replica = {
    name,
    port: 0,
    received: { getJob: 0, submitGeneration: 0 } as Record<Counted, number>,
    behaviour: 'answer' as Behaviour,
    /** Resolves once this replica holds a call (behaviour 'hold'). */
    holding: new Promise<'held'>((resolve) => {
      startedHolding = () => resolve('held');
    }),
  };
  async function answer(method: Counted, jobId: string, ctx: CallContext) {
    replica.received[method] += 1;
    if (replica.behaviour === 'unavailable') throw new AppError('unavailable', `${name} is restarting`);
    if (replica.behaviour === 'hold') {
      startedHolding();
      // It never answers: its connection dies first (the replica is killed mid-call).
      await once(ctx.signal, 'abort');
      throw new AppError('unavailable', 'cancelled');
    }
    return { id: jobId || `created-by-${name}` };
  }
  server.add(
    JobsService,
    partialService(JobsService, {
      getJob: ({ jobId }, ctx) => answer('getJob', jobId, ctx),
      submitGeneration: (_request, ctx) => answer('submitGeneration', '', ctx),
    }),
  );
  replica.port = await server.listen('127.0.0.1', 0);
  cleanups.push(() => server.shutdown());
  return replica;
}

type Replica = Awaited<ReturnType<typeof startReplica>>;

/**
 * A TCP hop in front of a replica; kill() drops every connection at once, as a killed pod does.
 * killBeforeCallEnds() arms it to kill instead of passing on the end of the replica's next call (its status
 * trailers: an HTTP/2 HEADERS frame with END_STREAM), after the answer itself went through. That is a
 * replica killed between its answer and its trailers, which grpc-js's server writes separately.
 */
async function killable(replica: Replica) {
  const sockets = new Set<Socket>();
  let armed = false;
  const proxy = createServer((inbound) => {
    const upstream = connect(replica.port, '127.0.0.1');
    for (const socket of [inbound, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    inbound.pipe(upstream);
    // The replica's side, passed on a whole HTTP/2 frame (9-byte header, then its payload) at a time.
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 9 && pending.length >= 9 + pending.readUIntBE(0, 3)) {
        const size = 9 + pending.readUIntBE(0, 3);
        const [type, flags, stream] = [pending[3], pending[4]!, pending.readUInt32BE(5) & 0x7fffffff];
        if (armed && type === 0x1 && flags & 0x1 && stream !== 0) {
          armed = false;
          kill();
          return;
        }
        inbound.write(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
    });
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const kill = () => {
    proxy.close();
    for (const socket of sockets) socket.destroy();
  };
  cleanups.push(async () => kill());
  return {
    port: (proxy.address() as { port: number }).port,
    kill,
    killBeforeCallEnds: () => {
      armed = true;
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function clientOf(address: string) {
  const client = createServiceClient(JobsService, address, { deadlineMs: 3000 });
  cleanups.push(async () => client.close());
  return client;
}

/** Calls until both replicas have answered one: round_robin has connected to each. */
async function untilBothServe(client: ReturnType<typeof clientOf>, a: Replica, b: Replica) {
  await expect
    .poll(
      async () => {
        await client.getJob({ jobId: 'warm-up' });
        return a.received.getJob > 0 && b.received.getJob > 0;
      },
      { timeout: 5000, interval: 10 },
    )
    .toBe(true);
  a.received.getJob = 0;
  b.received.getJob = 0;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A call's outcome: `{ value }` when it succeeded, else the error it rejected with. */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => error,
  );

/** Replicas a and b, a reached through a killable hop; the client has connected to both. */
async function oneBehindAHop() {
  const a = await startReplica('a');
  const b = await startReplica('b');
  const hop = await killable(a);
  const client = clientOf(`ipv4:127.0.0.1:${hop.port},127.0.0.1:${b.port}`);
  await untilBothServe(client, a, b);
  return { a, b, hop, client };
}

describe('gRPC over replicas', () => {
  it('retries exactly the rpcs the .proto marks idempotent', () => {
    const config = serviceConfigFor(JobsService);
    expect(config.loadBalancingConfig).toEqual([{ round_robin: {} }]);
    const retried = config.methodConfig.flatMap((entry) => entry.name.map((name) => name.method));
    expect(retried).toEqual(expect.arrayContaining(['GetJob', 'WatchJob', 'ListModels', 'CancelJob']));
    expect(retried).not.toContain('SubmitGeneration');
    expect(retried).not.toContain('SubmitUpscale');
    expect(retried).not.toContain('RotateWebhookSecret');
    expect(config.methodConfig[0]?.retryPolicy.retryableStatusCodes).toEqual(['UNAVAILABLE']);
  });

  it('spreads calls over every replica an ipv4: address lists', async () => {
    const a = await startReplica('a');
    const b = await startReplica('b');
    const client = clientOf(`ipv4:127.0.0.1:${a.port},127.0.0.1:${b.port}`);
    await untilBothServe(client, a, b);
    for (let i = 0; i < 20; i++) await client.getJob({ jobId: `job-${i}` });
    expect(a.received.getJob + b.received.getJob).toBe(20);
    expect(a.received.getJob).toBeGreaterThanOrEqual(5);
    expect(b.received.getJob).toBeGreaterThanOrEqual(5);
  });

  it('reaches a service through a dns:/// target', async () => {
    const a = await startReplica('a');
    const client = clientOf(`dns:///127.0.0.1:${a.port}`);
    expect(await client.getJob({ jobId: 'job-1' })).toMatchObject({ id: 'job-1' });
  });

  it('retries an idempotent call a replica answers UNAVAILABLE, on the other one', async () => {
    const a = await startReplica('a');
    const b = await startReplica('b');
    const client = clientOf(`ipv4:127.0.0.1:${a.port},127.0.0.1:${b.port}`);
    await untilBothServe(client, a, b);
    a.behaviour = 'unavailable';
    // Whichever replica the balancer picks first, every read succeeds: a's refusals are retried on b.
    for (let i = 0; i < 4; i++) {
      expect(await client.getJob({ jobId: `job-${i}` })).toMatchObject({ id: `job-${i}` });
    }
    expect(b.received.getJob).toBe(4);
    expect(a.received.getJob).toBeGreaterThan(0);

    // With both refusing, a read is tried five times in all (grpc-js's most), then the caller hears UNAVAILABLE.
    b.behaviour = 'unavailable';
    a.received.getJob = 0;
    b.received.getJob = 0;
    expect(await rejection(client.getJob({ jobId: 'job-x' }))).toMatchObject({ code: 'unavailable' });
    expect(a.received.getJob + b.received.getJob).toBe(5);
  });

  it('never sends a call that creates something twice, even when the replica answered UNAVAILABLE', async () => {
    const a = await startReplica('a');
    const b = await startReplica('b');
    const client = clientOf(`ipv4:127.0.0.1:${a.port},127.0.0.1:${b.port}`);
    await untilBothServe(client, a, b);
    a.behaviour = 'unavailable';
    b.behaviour = 'unavailable';
    expect(await rejection(client.submitGeneration({ userId: 7 }))).toMatchObject({ code: 'unavailable' });
    expect(a.received.submitGeneration + b.received.submitGeneration).toBe(1);
  });

  describe('a replica killed mid-call', () => {
    async function killedMidCall(call: (client: ReturnType<typeof clientOf>) => Promise<unknown>) {
      const { a, b, hop, client } = await oneBehindAHop();
      a.behaviour = 'hold';
      // Round robin alternates: within two calls one is held by a. Those b answers just finish.
      let inFlight: Promise<unknown> | undefined;
      for (let i = 0; i < 4 && !inFlight; i++) {
        const attempt = settled(call(client));
        if ((await Promise.race([attempt, a.holding])) === 'held') inFlight = attempt;
      }
      if (!inFlight) throw new Error('no call reached replica a');
      const before = { getJob: b.received.getJob, submitGeneration: b.received.submitGeneration };
      hop.kill();
      return { a, b, client, before, outcome: await inFlight };
    }

    it('an idempotent call is retried on the living replica and succeeds', async () => {
      const { a, b, before, outcome } = await killedMidCall((client) => client.getJob({ jobId: 'job-7' }));
      expect(outcome).toEqual({ value: expect.objectContaining({ id: 'job-7' }) });
      expect(a.received.getJob).toBe(1);
      expect(b.received.getJob).toBe(before.getJob + 1);
    });

    it('a call that creates something fails once, is not sent again, and later calls go to the living replica', async () => {
      const { a, b, client, before, outcome } = await killedMidCall((client) =>
        client.submitGeneration({ userId: 7 }),
      );
      expect(outcome).toMatchObject({ code: 'unavailable' });
      expect(a.received.submitGeneration).toBe(1);
      expect(b.received.submitGeneration).toBe(before.submitGeneration);
      for (let i = 0; i < 5; i++) {
        expect(await client.submitGeneration({ userId: 7 })).toMatchObject({ id: 'created-by-b' });
      }
      expect(a.received.submitGeneration).toBe(1);
    });
  });

  describe('a replica killed after answering, before the call ends', () => {
    /** Calls until one reaches replica a, whose hop then dies before that call's trailers. */
    async function cutShort(call: (client: ReturnType<typeof clientOf>) => Promise<unknown>) {
      const { a, b, hop, client } = await oneBehindAHop();
      hop.killBeforeCallEnds();
      const outcomes: unknown[] = [];
      // Round robin alternates: within two calls one reaches a.
      for (let i = 0; i < 4 && a.received.getJob + a.received.submitGeneration === 0; i++) {
        outcomes.push(await settled(call(client)));
      }
      return { a, b, outcomes };
    }

    it('an idempotent call is sent again and answered by the living replica', async () => {
      const { a, b, outcomes } = await cutShort((client) => client.getJob({ jobId: 'job-7' }));
      expect(a.received.getJob).toBe(1);
      // Every call succeeded, the one a answered too: b answered each of them, that one again.
      expect(outcomes).toEqual(outcomes.map(() => ({ value: expect.objectContaining({ id: 'job-7' }) })));
      expect(b.received.getJob).toBe(outcomes.length);
    });

    it('a call that creates something is not sent again: the caller hears UNAVAILABLE', async () => {
      const { a, b, outcomes } = await cutShort((client) => client.submitGeneration({ userId: 7 }));
      expect(a.received.submitGeneration).toBe(1);
      expect(outcomes.at(-1)).toMatchObject({ code: 'unavailable' });
      expect(b.received.submitGeneration).toBe(outcomes.length - 1);
    });
  });
});
