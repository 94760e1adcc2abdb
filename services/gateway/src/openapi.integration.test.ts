import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTestDeps } from '../../../test/support/gateway-app.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { buildApp } from './app.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The document as integrators get it, kept for generators and the client test (gitignored). */
export const OPENAPI_ARTEFACT = join(ROOT, 'test-results/openapi.json');

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
};
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

// The document generators read: every operation named once, who may call it, the site as server, named
// types, and Redocly's recommended rules without an error.
describe('OpenAPI document', () => {
  const env = testRedis();
  let document: Document;
  let operations: [string, Operation][];

  beforeAll(async () => {
    const app = await buildApp(
      gatewayTestDeps(env, {
        config: { PUBLIC_URL: 'https://pictura.test' },
        // Every route is registered; none is called.
        jobs: {} as never,
        auth: { client: {} as never },
        services: { billing: {}, history: {}, community: {} } as never,
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(OPENAPI_ARTEFACT, JSON.stringify(document, null, 2));
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        op,
      ]),
    );
    await app.close();
  });
  afterAll(() => env.cleanup());

  it('names every operation once, verb first in camelCase', () => {
    expect(operations.length).toBeGreaterThan(50);
    const unnamed = operations.filter(([, op]) => !op.operationId).map(([name]) => name);
    expect(unnamed).toEqual([]);
    const ids = operations.map(([, op]) => op.operationId!);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z]+[A-Z0-9]?[A-Za-z0-9]*$/.test(id))).toEqual([]);
  });

  it('says who may call each operation, from its guard', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'sessionToken']);
    const security = (name: string) => operations.find(([n]) => n === name)?.[1].security;
    expect(operations.filter(([, op]) => !op.security).map(([name]) => name)).toEqual([]);
    // Admin routes: a session only; an admin's key is not an admin console.
    for (const [name, op] of operations.filter(([n]) => n.includes(' /api/admin/'))) {
      expect(op.security, name).toEqual([{ sessionToken: [] }]);
    }
    expect(security('DELETE /api/user/account')).toEqual([{ sessionToken: [] }]);
    expect(security('GET /api/history')).toEqual([{ sessionToken: [] }, { apiKey: [] }]);
    expect(security('POST /api/generate')).toEqual([{}, { sessionToken: [] }, { apiKey: [] }]);
    for (const [name, op] of operations.filter(([n]) => /^\w+ \/v1\/(images|models)/.test(n))) {
      expect(op.security, name).toEqual([{ apiKey: [] }]);
    }
  });

  it('serves from the site and names its shared types', () => {
    expect(document.servers).toEqual([{ url: 'https://pictura.test', description: 'This Pictura site' }]);
    const names = Object.keys(document.components.schemas);
    expect(names.filter((n) => /^def-\d+$/.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['ErrorBody', 'Job', 'Model', 'User', 'HistoryItem']));
    expect(JSON.stringify(document.paths)).not.toContain('def-');
  });

  it('describes the rate limits, the file download and the upload', () => {
    const generate = document.paths['/api/generate']!.post!;
    expect(Object.keys(generate.responses['429']!.headers!)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ]);
    expect(Object.keys(generate.responses['202']!.headers!)).toContain('X-RateLimit-Remaining');
    const file = document.paths['/files/{key}']!.get!;
    expect(Object.keys(file.responses['200']!.content!).sort()).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    const upload = document.paths['/api/upload/image']!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema).toMatchObject({
      $ref: '#/components/schemas/UploadImageForm',
    });
    expect(document.components.schemas.UploadImageForm).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
    });
  });

  it('shows the multipart forms of the uploads, with their files as binary', () => {
    const forms = ['/api/upload/image', '/v1/images/edits', '/v1/images/variations'].map((path) => {
      const media = document.paths[path]?.post?.requestBody?.content['multipart/form-data'];
      const ref = (media?.schema as { $ref?: string } | undefined)?.$ref?.split('/').pop();
      const schema = (ref ? document.components.schemas[ref] : media?.schema) as
        | { properties?: Record<string, { format?: string; type?: string }> }
        | undefined;
      const binary = Object.values(schema?.properties ?? {}).some((p) => p.format === 'binary');
      return [path, binary] as const;
    });
    expect(forms).toEqual([
      ['/api/upload/image', true],
      ['/v1/images/edits', true],
      ['/v1/images/variations', true],
    ]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const cli = join(ROOT, 'node_modules/.bin/redocly');
    const run = await promisify(execFile)(
      cli,
      ['lint', '--extends', 'recommended', '--format', 'json', OPENAPI_ARTEFACT],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});
