// History on the running product: a signed-in user's generations land in history once, can be
// favourited, filtered, searched and deleted (the image files go with them unless something still holds
// them); a guest's generation lands in no history, its prompt in no log, and its file expires; deleting
// the account removes the user's files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_NAMES } from '../../scripts/lib/processes.mjs';
import { eventually } from '../support/eventually.ts';
import { type Stack, startStack } from '../support/stack.ts';

interface HistoryItem {
  id: string;
  type: 'generated' | 'upscaled';
  prompt: string;
  negative_prompt: string;
  model: string;
  options: Record<string, unknown>;
  images: { url: string; width: number; height: number; seed: number; flagged: boolean }[];
  favorite: boolean;
  private: boolean;
  created_at: string;
}
interface Page {
  items: HistoryItem[];
  next_cursor: string | null;
}

/** Files nobody holds expire this soon in this stack, so the guest's file goes while the test watches. */
const GUEST_OUTPUT_TTL_MS = 15_000;

describe('history on the running product', () => {
  let stack: Stack;
  let owner: string;
  let second: string;
  beforeAll(async () => {
    stack = await startStack({
      processes: ['auth', 'billing', 'community', 'history', 'jobs', 'gateway', 'worker'],
      env: { GUEST_OUTPUT_TTL_MS: String(GUEST_OUTPUT_TTL_MS), OBJECT_SWEEP_INTERVAL_MS: '1000' },
    });
    owner = await register('history-owner');
    second = await register('history-second');
  }, 240_000);
  afterAll(() => stack?.stop());

  const api = <T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) =>
    stack.api<T>(method, path, token, body);
  const fileStatus = async (url: string) => (await fetch(`${stack.url}${url}`)).status;

  async function register(username: string): Promise<string> {
    const res = await api<{ token: string }>('POST', '/api/auth/register', undefined, {
      username,
      password: `${username} password`,
    });
    expect(res.status).toBe(201);
    return res.body.token;
  }

  /** Generates as `token` (a guest when undefined) and waits for the job to finish. */
  async function generate(token: string | undefined, body: Record<string, unknown>) {
    const submitted = await api<{ job_id: string }>('POST', '/api/generate', token, body);
    expect(submitted.status).toBe(202);
    return eventually(async () => {
      const job = await api<{ status: string; images: { url: string }[] }>(
        'GET',
        `/api/jobs/${submitted.body.job_id}`,
        token,
      );
      if (job.body.status === 'error') throw new Error(`generation failed: ${JSON.stringify(job.body)}`);
      return job.body.status === 'completed' ? { jobId: submitted.body.job_id, ...job.body } : undefined;
    }, 'the generation');
  }

  const list = (token: string, query = '') => api<Page>('GET', `/api/history${query}`, token);

  /** The user's item made from `prompt`, once history has recorded it. */
  const itemFor = (token: string, prompt: string) =>
    eventually(async () => {
      const page = await list(token, `?q=${encodeURIComponent(prompt)}`);
      return page.body.items.find((item) => item.prompt === prompt);
    }, `the history item of "${prompt}"`);

  it('records a signed-in user’s generation once, with what was asked, and shows its image', async () => {
    const prompt = 'a red kite over green hills';
    const job = await generate(owner, { prompt, negative_prompt: 'fog', style: 'watercolor', seed: 11 });
    const item = await itemFor(owner, prompt);
    expect(item).toMatchObject({
      type: 'generated',
      prompt,
      negative_prompt: 'fog',
      favorite: false,
      private: false,
      images: [{ url: job.images[0]!.url, width: 512, height: 512, seed: 11, flagged: false }],
    });
    expect(item.model).not.toBe('');
    expect(item.options).toMatchObject({ style: 'watercolor' });
    const all = await list(owner);
    expect(all.body.items.filter((i) => i.prompt === prompt)).toHaveLength(1);
    expect(await fileStatus(item.images[0]!.url)).toBe(200);
    // Nobody else sees it, and the upscaled tab does not.
    expect((await list(second)).body.items).toEqual([]);
    expect((await list(owner, '?type=upscaled')).body.items).toEqual([]);
  });

  it('favourites on and off, and filters by favourites and by prompt text', async () => {
    const prompt = 'a blue whale in deep water';
    await generate(owner, { prompt, seed: 12 });
    const whale = await itemFor(owner, prompt);
    const on = await api<HistoryItem>('PUT', `/api/history/${whale.id}/favorite`, owner);
    expect(on).toMatchObject({ status: 200, body: { id: whale.id, favorite: true } });
    const favorites = await list(owner, '?favorite=true');
    expect(favorites.body.items.map((i) => i.id)).toEqual([whale.id]);
    expect((await list(owner, '?q=BLUE%20WHALE')).body.items.map((i) => i.id)).toEqual([whale.id]);
    expect((await list(owner, '?q=kite&favorite=true')).body.items).toEqual([]);
    // Another user can neither favourite nor delete it: to them it does not exist.
    expect((await api('PUT', `/api/history/${whale.id}/favorite`, second)).status).toBe(404);
    expect((await api('DELETE', `/api/history/${whale.id}`, second)).body).toMatchObject({
      error: 'not_found',
    });
    const off = await api<HistoryItem>('DELETE', `/api/history/${whale.id}/favorite`, owner);
    expect(off.body.favorite).toBe(false);
    expect((await list(owner, '?favorite=true')).body.items).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const first = await list(owner, '?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const next = await list(owner, `?limit=1&cursor=${first.body.next_cursor}`);
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    expect((await list(owner, '?cursor=forged')).status).toBe(400);
  });

  it('deleting an item deletes its file, unless another item still holds it', async () => {
    // The same request twice makes the same bytes: two items, one file.
    const prompt = 'two identical lighthouses';
    await generate(owner, { prompt, seed: 13 });
    await generate(owner, { prompt, seed: 13 });
    const both = await eventually(async () => {
      const page = await list(owner, `?q=${encodeURIComponent(prompt)}`);
      return page.body.items.length === 2 ? page.body.items : undefined;
    }, 'both items');
    const url = both[0]!.images[0]!.url;
    expect(both[1]!.images[0]!.url).toBe(url);

    expect(await api('DELETE', `/api/history/${both[0]!.id}`, owner)).toMatchObject({
      status: 200,
      body: { success: true, deleted: 1 },
    });
    expect(await fileStatus(url)).toBe(200);
    expect((await api('DELETE', `/api/history/${both[0]!.id}`, owner)).status).toBe(404);

    const bulk = await api('POST', '/api/history/delete', owner, { ids: [both[1]!.id, both[0]!.id] });
    expect(bulk).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect(await fileStatus(url)).toBe(404);
    expect((await list(owner, `?q=${encodeURIComponent(prompt)}`)).body.items).toEqual([]);
  });

  it('refuses guests, bad input and too many ids with {error, message}', async () => {
    expect(await api('GET', '/api/history')).toMatchObject({
      status: 401,
      body: { error: 'unauthenticated', message: 'Please login first' },
    });
    expect((await list(owner, '?type=videos')).status).toBe(400);
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const refused = await api('POST', '/api/history/delete', owner, { ids: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('keeps a guest’s generation out of every history and every log, and lets its file expire', async () => {
    const prompt = 'guest secret prompt zebra umbrella';
    const job = await generate(undefined, { prompt, seed: 14 });
    const url = job.images[0]!.url;
    expect(await fileStatus(url)).toBe(200);
    for (const token of [owner, second]) {
      expect((await list(token, `?q=${encodeURIComponent('zebra umbrella')}`)).body.items).toEqual([]);
    }
    // Unheld files expire after GUEST_OUTPUT_TTL_MS (the sweep runs every second here).
    await eventually(
      async () => ((await fileStatus(url)) === 404 ? true : undefined),
      'the guest file to expire',
    );
    for (const name of PROCESS_NAMES) {
      expect(stack.logs(name).join('\n')).not.toContain('zebra umbrella');
    }
  }, 90_000);

  it('a user’s held files outlive the guest lifetime', async () => {
    // The first test's item is older than GUEST_OUTPUT_TTL_MS by now (the guest test waited for that).
    const kite = await itemFor(owner, 'a red kite over green hills');
    expect(await fileStatus(kite.images[0]!.url)).toBe(200);
  });

  it('deleting the account removes the user’s files', async () => {
    const prompt = 'a second user’s quiet harbour';
    await generate(second, { prompt, seed: 15 });
    const item = await itemFor(second, prompt);
    expect(await fileStatus(item.images[0]!.url)).toBe(200);
    expect(
      (await api('DELETE', '/api/user/account', second, { password: 'history-second password' })).status,
    ).toBe(200);
    expect(await fileStatus(item.images[0]!.url)).toBe(404);
    expect(stack.logs('gateway').join('\n')).toContain('user data deleted');
  });
});
