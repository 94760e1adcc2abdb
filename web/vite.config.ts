import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  resolve: {
    alias: {
      // The option lists are the contract with the gateway; the web app reads the same file instead of a copy.
      '@pictura/common/generation-options': fileURLToPath(
        new URL('../services/common/src/generation-options.ts', import.meta.url),
      ),
      '@pictura/common/locales': fileURLToPath(new URL('../services/common/src/locales.ts', import.meta.url)),
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
    // Messages are fetched per locale and namespace: never inline them into the script as data URLs.
    assetsInlineLimit: (filePath) => (filePath.endsWith('.json') ? false : undefined),
  },
});
