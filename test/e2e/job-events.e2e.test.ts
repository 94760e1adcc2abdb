// Following and cancelling jobs as integrators and browsers do: the real `eventsource` package (unmodified)
// against the real processes, raw Server-Sent Events for ids and resume, and DELETE /api/jobs/{id}.
import { EventSource } from 'eventsource';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack.ts';

interface JobBody {
  job_id: string;
  status: 'waiting' | 'processing' | 'completed' | 'error' | 'cancelled';
  position: number;
  progress: number;
  images: { url: string; width: number; height: number }[];
  error: { error: string; message: string } | null;
  events_url?: string;
}

interface Submitted {
  job_id: string;
  status: string;
  events_url: string;
}

interface RawEvent {
  event: string;
  id?: string;
  retry?: string;
  data?: string;
}

/** Every block of a finished SSE body, fields by name (comments dropped). */
function parseStream(text: string): RawEvent[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event: RawEvent = { event: 'message' };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'event') event.event = value;
        if (field === 'id' || field === 'retry' || field === 'data') event[field] = value;
      }
      return event;
    })
    .filter((event) => event.id !== undefined || event.retry !== undefined);
}

describe('job events and cancellation', () => {
  let stack: Stack;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    stack = await startStack({ processes: ['auth', 'billing', 'history', 'jobs', 'worker', 'gateway'] });
    alice = await register('events-alice');
    bob = await register('events-bob');
  }, 180_000);
  afterAll(() => stack?.stop());

  async function register(username: string): Promise<string> {
    const res = await stack.api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username,
      password: `${username} password`,
    });
    expect(res.status).toBe(201);
    return res.body.token;
  }

  async function submit(token: string | undefined, prompt = 'a red fox'): Promise<Submitted> {
    const res = await stack.api<Submitted>('POST', '/api/generate', token, { prompt, seed: 3 });
    expect(res.status).toBe(202);
    return res.body;
  }

  const job = (id: string, token?: string) => stack.api<JobBody>('GET', `/api/jobs/${id}`, token);
  const cancel = (id: string, token?: string, query = '') =>
    stack.api<JobBody & { error?: string; message?: string }>('DELETE', `/api/jobs/${id}${query}`, token);

  /** Waits until the job has ended, reading it as its owner. */
  async function finished(id: string, token?: string): Promise<JobBody> {
    let last: JobBody | undefined;
    await expect
      .poll(
        async () => {
          last = (await job(id, token)).body;
          return ['completed', 'error', 'cancelled'].includes(last.status);
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    return last!;
  }

  /** A raw stream read to its end: the server closes it after the final event. */
  async function rawEvents(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${stack.url}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
    return { status: res.status, events: res.status === 200 ? parseStream(await res.text()) : [] };
  }

  async function historyJobIds(token: string): Promise<string[]> {
    const res = await stack.api<{ items: { job_id?: string; jobId?: string; id: string }[] }>(
      'GET',
      '/api/history?limit=50',
      token,
    );
    expect(res.status).toBe(200);
    return res.body.items.map((item) => item.job_id ?? item.jobId ?? item.id);
  }

  /** A counting fetch for EventSource: how many times it connected, and each answer's status. */
  function countingFetch() {
    const statuses: number[] = [];
    const lastEventIds: (string | null)[] = [];
    return {
      statuses,
      lastEventIds,
      fetch: async (input: string | URL, init?: RequestInit) => {
        lastEventIds.push(new Headers(init?.headers).get('last-event-id'));
        const res = await fetch(input, init);
        statuses.push(res.status);
        return res;
      },
    };
  }

  it("follows a signed-in user's job with the browser's EventSource to its final event, on one connection", async () => {
    const submitted = await submit(alice);
    // EventSource cannot send the session header: the URL carries a token scoped to this job.
    expect(submitted.events_url).toMatch(new RegExp(`^/api/jobs/${submitted.job_id}/events\\?access_token=`));
    const counter = countingFetch();
    const source = new EventSource(`${stack.url}${submitted.events_url}`, { fetch: counter.fetch });
    const ids: number[] = [];
    const final = await new Promise<JobBody>((resolve, reject) => {
      source.onmessage = (event) => ids.push(Number(event.lastEventId));
      source.addEventListener('completed', (event) => {
        ids.push(Number(event.lastEventId));
        // As the web app does: the named final event is the end.
        source.close();
        resolve(JSON.parse(event.data) as JobBody);
      });
      source.addEventListener('error', (event) => {
        if ('data' in event && event.data) reject(new Error(`job failed: ${event.data}`));
      });
      setTimeout(() => reject(new Error('no final event within 60 s')), 60_000).unref();
    });
    expect(final).toMatchObject({ job_id: submitted.job_id, status: 'completed' });
    expect(final.images.length).toBeGreaterThan(0);
    expect(counter.statuses).toEqual([200]);
    for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
  });

  it('makes a standard EventSource that is not closed stop by itself: its reconnect gets 204', async () => {
    const submitted = await submit(alice, 'a snowman');
    const counter = countingFetch();
    const source = new EventSource(`${stack.url}${submitted.events_url}`, { fetch: counter.fetch });
    let finalId = '';
    await new Promise<void>((resolve, reject) => {
      source.addEventListener('completed', (event) => {
        finalId = event.lastEventId;
      });
      // After the server closes, EventSource reconnects once with Last-Event-ID, gets 204 and is CLOSED.
      source.addEventListener('error', () => {
        if (source.readyState === EventSource.CLOSED) resolve();
      });
      setTimeout(() => reject(new Error('EventSource did not stop within 60 s')), 60_000).unref();
    });
    expect(counter.statuses).toEqual([200, 204]);
    expect(counter.lastEventIds).toEqual([null, finalId]);
  });

  it('resumes from Last-Event-ID without repeating anything, and gives a first reader of a finished job its end once', async () => {
    const submitted = await submit(alice, 'pizza');
    await finished(submitted.job_id, alice);
    const path = submitted.events_url;

    const first = await rawEvents(path);
    expect(first.status).toBe(200);
    expect(first.events[0]).toMatchObject({ retry: expect.stringMatching(/^\d+$/) });
    const dataEvents = first.events.filter((event) => event.data !== undefined);
    expect(dataEvents).toHaveLength(1);
    expect(dataEvents[0]).toMatchObject({ event: 'completed', id: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(dataEvents[0]!.data!)).toMatchObject({ status: 'completed' });
    const finalId = dataEvents[0]!.id!;

    // Header and query both resume; with the final event in hand there is nothing more.
    expect((await rawEvents(path, { 'last-event-id': finalId })).status).toBe(204);
    expect((await rawEvents(`${path}&last_event_id=${finalId}`)).status).toBe(204);
    // A reader that broke off before the end (an earlier id) gets the end, and only the end.
    const resumed = await rawEvents(path, { 'last-event-id': String(Number(finalId) - 1) });
    expect(resumed.events.filter((event) => event.data !== undefined).map((event) => event.event)).toEqual([
      'completed',
    ]);
  });

  it('sends ids that only grow over a live stream, progress as plain messages', async () => {
    const submitted = await submit(alice, 'a rocket');
    const { events } = await rawEvents(submitted.events_url);
    const withData = events.filter((event) => event.data !== undefined);
    const ids = withData.map((event) => Number(event.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
    expect(withData.slice(0, -1).every((event) => event.event === 'message')).toBe(true);
    expect(withData.at(-1)!.event).toBe('completed');
    // A Last-Event-ID from the middle of that stream: only what came after it.
    if (withData.length > 1) {
      const resumed = await rawEvents(submitted.events_url, { 'last-event-id': withData[0]!.id! });
      for (const event of resumed.events.filter((e) => e.data !== undefined)) {
        expect(Number(event.id)).toBeGreaterThan(Number(withData[0]!.id));
      }
    }
  });

  it('scopes the token to its job and user: it opens no other job and authenticates nothing else', async () => {
    const mine = await submit(alice, 'a cat');
    const other = await submit(alice, 'a dog');
    const bobs = await submit(bob, 'a fish');
    const aliceToken = new URL(mine.events_url, stack.url).searchParams.get('access_token')!;
    expect((await rawEvents(`/api/jobs/${other.job_id}/events?access_token=${aliceToken}`)).status).toBe(401);
    expect((await rawEvents(`/api/jobs/${bobs.job_id}/events?access_token=${aliceToken}`)).status).toBe(401);
    expect((await rawEvents(`/api/jobs/${mine.job_id}/events?access_token=${'x'.repeat(32)}`)).status).toBe(
      401,
    );
    // Without it, a signed-in user's job is not there for a guest.
    expect((await rawEvents(`/api/jobs/${mine.job_id}/events`)).status).toBe(404);
    // It is no session: other calls treat its bearer as a guest.
    expect((await stack.api('GET', `/api/history?access_token=${aliceToken}`)).status).toBe(401);
    expect((await stack.api('GET', `/api/jobs/${mine.job_id}?access_token=${aliceToken}`)).status).toBe(404);
    // A signed-in reader of their own job gets a working URL from GET /api/jobs/:id too.
    const read = await job(mine.job_id, alice);
    expect((await rawEvents(read.body.events_url!)).status).toBe(200);
    for (const [id, token] of [
      [mine.job_id, alice],
      [other.job_id, alice],
      [bobs.job_id, bob],
    ] as const) {
      await finished(id, token);
    }
  });

  it('refuses to cancel a finished job (409) and someone else’s (404)', async () => {
    const submitted = await submit(alice, 'a tree');
    const ended = await finished(submitted.job_id, alice);
    expect(ended.status).toBe('completed');
    const late = await cancel(submitted.job_id, alice);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'job_finished', message: expect.stringMatching(/finished/) });
    const foreign = await cancel(submitted.job_id, bob);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'job_not_found' });
    expect((await cancel('6f1c1a3e-6c53-4a53-9a5e-2d2b6c7b9a10', alice)).status).toBe(404);
  });

  it('takes a waiting job off the queue: it ends cancelled, never runs, and is not in history', async () => {
    // With no worker, jobs wait.
    await stack.kill('worker');
    const waiting = await submit(alice, 'a lighthouse');
    expect((await cancel(waiting.job_id, bob)).status).toBe(404);
    const cancelled = await cancel(waiting.job_id, alice);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ job_id: waiting.job_id, status: 'cancelled', images: [] });
    expect((await cancel(waiting.job_id, alice)).status).toBe(409);
    // Its stream's first reader gets the named end.
    const { events } = await rawEvents(waiting.events_url);
    expect(events.filter((e) => e.data !== undefined).map((e) => e.event)).toEqual(['cancelled']);

    // A guest cancels their own job only with the token from the submission.
    const guests = await submit(undefined, 'a boat');
    expect((await cancel(guests.job_id)).status).toBe(401);
    const wrongToken = new URL(waiting.events_url, stack.url).searchParams.get('access_token')!;
    expect((await cancel(guests.job_id, undefined, `?access_token=${wrongToken}`)).status).toBe(401);
    const guestToken = new URL(guests.events_url, stack.url).searchParams.get('access_token')!;
    // Reading a guest's job never hands out that token.
    expect((await job(guests.job_id)).body.events_url).toBe(`/api/jobs/${guests.job_id}/events`);
    const guestCancel = await cancel(guests.job_id, undefined, `?access_token=${guestToken}`);
    expect(guestCancel.status).toBe(200);
    expect(guestCancel.body.status).toBe('cancelled');

    // Once a worker is back, the next job runs and the cancelled ones stay cancelled.
    await stack.start('worker');
    const next = await submit(alice, 'a windmill');
    expect((await finished(next.job_id, alice)).status).toBe('completed');
    expect((await job(waiting.job_id, alice)).body.status).toBe('cancelled');
    expect((await job(guests.job_id)).body.status).toBe('cancelled');
    await expect.poll(() => historyJobIds(alice), { timeout: 10_000 }).toContain(next.job_id);
    expect(await historyJobIds(alice)).not.toContain(waiting.job_id);
  }, 180_000);

  it('stops a running upscale at its next tile: it ends cancelled with no image, and is not in history', async () => {
    // A large photo-sized image: the 4x upscale runs hundreds of tiles, long enough to cancel mid-way.
    const big = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#336699' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="2400" height="1600"><circle cx="1200" cy="800" r="600" fill="#ffcc00"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    const uploaded = await fetch(`${stack.url}/api/upload/image`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(uploaded.status).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const submitted = await stack.api<Submitted>('POST', '/api/upload/upscale?async=1', alice, {
      image_url: imageUrl,
    });
    expect(submitted.status).toBe(202);
    const jobId = submitted.body.job_id;

    const events: JobBody[] = [];
    let cancelAnswer: Awaited<ReturnType<typeof cancel>> | undefined;
    const source = new EventSource(`${stack.url}${submitted.body.events_url}`);
    const ended = await new Promise<string>((resolve, reject) => {
      source.onmessage = (event) => {
        const body = JSON.parse(event.data) as JobBody;
        events.push(body);
        // Cancel once the worker is visibly in the middle of it.
        if (body.status === 'processing' && body.progress > 0 && !cancelAnswer) {
          cancelAnswer = {} as never;
          cancel(jobId, alice).then((answer) => {
            cancelAnswer = answer;
          }, reject);
        }
      };
      for (const name of ['completed', 'cancelled']) {
        source.addEventListener(name, () => {
          source.close();
          resolve(name);
        });
      }
      source.addEventListener('error', (event) => {
        if ('data' in event && event.data) reject(new Error(`upscale failed: ${event.data}`));
      });
      setTimeout(() => reject(new Error('no final event within 120 s')), 120_000).unref();
    });
    expect(events.some((e) => e.status === 'processing' && e.progress > 0)).toBe(true);
    expect(ended).toBe('cancelled');
    expect(cancelAnswer?.status).toBe(202);
    const final = await job(jobId, alice);
    expect(final.body).toMatchObject({ status: 'cancelled', images: [] });
    expect(final.body.progress).toBeLessThan(1);
    expect(await historyJobIds(alice)).not.toContain(jobId);
    // The worker said why it stopped.
    expect(stack.logs('worker').some((line) => line.includes(jobId) && line.includes('cancelled'))).toBe(
      true,
    );
  }, 180_000);
});
