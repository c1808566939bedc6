import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** API server the dev and preview servers forward `/apm-web` to (override with APM_API_TARGET). */
const API_TARGET = process.env.APM_API_TARGET ?? 'http://127.0.0.1:8080';

/** Packages (and antd folders) that antd's core and the signed-in shell are made of. */
const ANTD_CORE = new RegExp(
  String.raw`[\\/]node_modules[\\/](` +
    [
      String.raw`@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors|icons[\\/]es[\\/](components|utils))`,
      String.raw`@rc-component[\\/](util|motion|trigger|portal|resize-observer|menu|overflow|dropdown|drawer|tooltip)`,
      String.raw`antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|version|button|layout|menu|dropdown|` +
        'drawer|float-button|tooltip|spin|flex|space|avatar|badge|message|notification|modal|watermark)',
      String.raw`@babel[\\/]runtime`,
      'clsx',
      'stylis',
      '@emotion',
    ].join('|') +
    String.raw`)[\\/]`,
);

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
            // antd's core and what the signed-in shell draws (menu, dropdown, drawer, feedback):
            // every signed-in page needs it, in one file instead of dozens of 1 KB ones (home page:
            // 54 script files, 421 KB, instead of 92; the sign-in page loads none of it).
            { name: 'antd-core', test: ANTD_CORE, priority: 15 },
          ],
        },
      },
    },
  },
});
