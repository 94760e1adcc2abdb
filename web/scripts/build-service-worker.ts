// Bundles src/offline/service-worker.ts into one classic script at dist/sw.js (a worker registered
// without type "module" cannot import chunks), sharing its constants with the app's own modules.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export async function buildServiceWorker(webDir: string): Promise<void> {
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      lib: {
        entry: fileURLToPath(new URL('../src/offline/service-worker.ts', import.meta.url)),
        formats: ['iife'],
        name: 'picturaOfflineWorker',
        fileName: () => 'sw.js',
      },
    },
  });
}
