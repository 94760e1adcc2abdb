import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const gateway = 'http://localhost:8080';
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** Every module the entry imports statically, directly or not: what any first page needs before it runs. */
function staticGraph(
  from: string,
  moduleInfo: (id: string) => { importedIds: string[] } | null,
): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(moduleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The services/common modules the web app may import, from tsconfig.json's `paths` (the one list; the
 * build's staleness check reads it too): only modules that import nothing server-side belong there.
 */
const tsconfig = JSON.parse(readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8')) as {
  compilerOptions: { paths: Record<string, [string]> };
};
const sharedModules = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([name, [path]]) => [
    name,
    fileURLToPath(new URL(path, import.meta.url)),
  ]),
);

let startup: Set<string> | undefined;

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  resolve: {
    alias: {
      // The product rules the web app shares with the services (option lists, plans and prices, the test
      // card): it reads the same files instead of copies. The list is tsconfig.json's `paths`.
      ...sharedModules,
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/files': { target: gateway, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/files': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and style sheets each page needs, for the pre-renderer
    // (scripts/prerender.ts, which removes the file once read).
    manifest: true,
    // Messages are fetched per locale and namespace: never inline them into the script as data URLs.
    assetsInlineLimit: (filePath) => (filePath.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        // The start-up code is one chunk, not dozens of small ones shared with lazy pages: a phone on a
        // slow network opens few connections at a time, and each request costs a round trip.
        codeSplitting: {
          groups: [
            {
              name: (id, context) => {
                startup ??= staticGraph(entry, (module) => context.getModuleInfo(module));
                return id !== entry && startup.has(id) ? 'app' : null;
              },
            },
          ],
        },
      },
    },
  },
});
