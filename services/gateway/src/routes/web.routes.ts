// The built web app: static assets, and index.html for every client-side route.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http-errors.ts';

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pictura</title>
<body style="font-family:system-ui;padding:2rem"><h1>The web app is not built</h1>
<p>Run <code>npm start</code> (it builds everything), or <code>npm run build</code>.</p></body></html>`;

export async function webRoutes(app: FastifyInstance, deps: { webRoot: string }): Promise<void> {
  const root = resolve(deps.webRoot);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (path.includes(`${join(root, 'assets')}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('/files/') || request.method !== 'GET') {
      return sendError(reply, 404, { error: 'not_found', message: 'Not found' });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
