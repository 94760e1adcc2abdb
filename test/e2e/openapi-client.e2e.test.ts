// An integrator's generated client: openapi-typescript turns the served OpenAPI document into types, the
// client below (openapi-fetch) compiles against them under strict tsc, and it drives the running stack.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack } from '../support/shared-stack.ts';
import type { Stack } from '../support/stack.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'test-results/openapi-client');

/** What an integrator writes against the generated types; it must compile without a cast. */
const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

export function pictura(baseUrl: string, token?: string) {
  const client = createClient<paths>({
    baseUrl,
    headers: token ? { authorization: \`Bearer \${token}\` } : {},
  });
  return {
    async models(): Promise<string[]> {
      const { data, error } = await client.GET('/api/models');
      if (error) throw new Error('models failed');
      return data.models.filter((m) => m.kind === 'generate').map((m) => m.name);
    },
    async generate(prompt: string): Promise<string> {
      const { data, error } = await client.POST('/api/generate', { body: { prompt, count: 1 } });
      if (error) throw new Error(\`generate failed: \${error.error}\`);
      return data.job_id;
    },
    async job(id: string) {
      const { data, error } = await client.GET('/api/jobs/{id}', { params: { path: { id } } });
      if (error) throw new Error(\`job failed: \${error.message}\`);
      const images: { url: string; width: number }[] = data.images;
      const failure: string | null = data.error ? data.error.message : null;
      return { status: data.status, images, failure };
    },
  };
}
`;

/** The shape of CLIENT_SOURCE's export, for this file (which compiles before the client exists). */
interface GeneratedClient {
  pictura(baseUrl: string): {
    models(): Promise<string[]>;
    generate(prompt: string): Promise<string>;
    job(id: string): Promise<{ status: string; images: { url: string }[]; failure: string | null }>;
  };
}

describe('a client generated from the OpenAPI document', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await sharedStack();
  }, 180_000);
  afterAll(() => stack?.stop());

  it('compiles under strict tsc and makes three calls', async () => {
    const res = await fetch(`${stack.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as OpenAPI3;
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'schema.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(OUT, 'client.ts'), CLIENT_SOURCE);
    writeFileSync(
      join(OUT, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        compilerOptions: { lib: ['ES2023', 'DOM'], types: [] },
        include: ['*.ts'],
      }),
    );
    const tsc = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsc'), ['-p', OUT, '--noEmit'], {
      cwd: ROOT,
    }).catch((error: { stdout: string }) => error);
    expect(tsc.stdout).toBe('');

    const { pictura } = (await import(join(OUT, 'client.ts'))) as GeneratedClient;
    const client = pictura(stack.url);
    const models = await client.models();
    expect(models.length).toBeGreaterThan(0);
    const jobId = await client.generate('a red apple on a table');
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(async () => (await client.job(jobId)).status, { timeout: 120_000, interval: 500 })
      .toBe('completed');
    const job = await client.job(jobId);
    expect(job.failure).toBeNull();
    expect(job.images).toHaveLength(1);
    expect(job.images[0]!.url).toMatch(/^\/files\//);
  }, 180_000);
});
