// What end-to-end tests do as users through the API before the part they are about: register, generate an
// image and wait until history records it, publish it to the community gallery.
import { expect } from 'vitest';
import { eventually } from './eventually.ts';
import type { Stack } from './stack.ts';

type Body = Record<string, unknown> & { items?: Record<string, unknown>[] };

export interface TestUser {
  token: string;
  id: number;
}

export interface GeneratedItem {
  id: string;
  job_id: string;
  prompt: string;
}

/** Registers `username` with the password "<username> password"; a stack's first account is the administrator. */
export async function registerUser(stack: Stack, username: string): Promise<TestUser> {
  const res = await stack.api<Body>('POST', '/api/auth/register', undefined, {
    username,
    password: `${username} password`,
  });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: (res.body.user as { id: number }).id };
}

/** Generates as the user (`request` is the /api/generate body), waits for the job, then for history to record it. */
export async function generatedItem(
  stack: Stack,
  token: string,
  request: { prompt: string } & Record<string, unknown>,
): Promise<GeneratedItem> {
  const job = await stack.api<Body>('POST', '/api/generate', token, request);
  expect(job.status).toBe(202);
  // A signed-in user's job is theirs alone: polled with the token (the fallback to the event stream).
  await eventually(
    async () => {
      const state = await stack.api<Body>('GET', `/api/jobs/${job.body.job_id}`, token);
      expect(state.body.status).not.toBe('error');
      return state.body.status === 'completed' ? true : undefined;
    },
    'the generation to finish',
    1200,
  );
  return eventually(async () => {
    const page = await stack.api<Body>('GET', `/api/history?q=${encodeURIComponent(request.prompt)}`, token);
    return page.body.items?.[0] as GeneratedItem | undefined;
  }, 'the generation to reach history');
}

/** Publishes one of the user's history items to the gallery, agreeing to the terms; the post's id. */
export async function publishPost(
  stack: Stack,
  token: string,
  post: { historyId: string; title: string; tags: string[] },
): Promise<string> {
  const res = await stack.api<Body>('POST', '/api/community/posts', token, {
    history_id: post.historyId,
    title: post.title,
    tags: post.tags,
    agree: true,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
