// Compressed API answers for clients that accept it. Pages and the app's files are compressed already
// (web.routes.ts, at build time), event streams must reach the browser event by event, and images gain
// nothing: only JSON (and other text the API answers) is compressed here, from 1 KiB up.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:plain|yaml|css|javascript))\b/;

/** Applies to the routes registered after it (the plugin hooks onRoute): call it before the routes. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // File bytes as stored: images, and whatever a user uploaded, stream through untouched.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/files/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Request bodies stay as sent: inflating them would let a small upload grow past the body limit's intent.
    globalDecompression: false,
    customTypes: COMPRESSIBLE,
  });
}
