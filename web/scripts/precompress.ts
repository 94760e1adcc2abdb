// Writes .br and .gz beside every script, style sheet and other text asset, which the gateway serves to
// browsers that accept them (@fastify/static preCompressed) at no cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_EXTENSIONS = new Set(['.js', '.css', '.svg', '.json', '.webmanifest']);
/** Below this a compressed copy saves less than the response headers weigh. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(distDir: string): number {
  let count = 0;
  for (const path of files(distDir)) {
    if (!TEXT_EXTENSIONS.has(extname(path)) || path.endsWith('prerender-manifest.json')) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 10,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    count++;
  }
  return count;
}
