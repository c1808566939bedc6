import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** API server the dev and preview servers forward `/apm-web` to (override with APM_API_TARGET). */
const API_TARGET = process.env.APM_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Vite configuration of the console: React, served at `/`, API calls under `/apm-web`
 * proxied to the server in development, output in `apps/web/dist`.
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  root: fileURLToPath(new URL('.', import.meta.url)),
  server: {
    // The Host header is kept (no changeOrigin): the server picks the brand by host name.
    proxy: {
      '/apm-web': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/apm-web': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in two files that stay cached across deploys of console code
            // (automatic chunking cut it into 15 files, some of them under 1 KB).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
