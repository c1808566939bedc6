import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** API server the dev and preview servers forward `/apm-web` to (override with APM_API_TARGET). */
const API_TARGET = process.env.APM_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Packages (and antd folders) that antd's core and the signed-in shell are made of; not antd's
 * translations (`locale/fr_FR.js`), which load one language at a time, on the sign-in page too.
 */
const ANTD_CORE = new RegExp(
  String.raw`[\\/]node_modules[\\/](` +
    [
      String.raw`@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors|icons[\\/]es[\\/](components|utils))`,
      String.raw`@rc-component[\\/](util|motion|trigger|portal|resize-observer|menu|overflow|dropdown|drawer|tooltip)`,
      String.raw`antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|version|` +
        'button|layout|menu|dropdown|drawer|float-button|tooltip|spin|flex|space|avatar|badge|message|notification|' +
        'modal|watermark)',
      'clsx',
      'stylis',
      '@emotion',
    ].join('|') +
    String.raw`)[\\/]`,
);
/** antd's translations (its own and its date picker's and pagination's), one file per language. */
const ANTD_TRANSLATION =
  /[\\/]node_modules[\\/](antd[\\/]es[\\/]((date-picker|time-picker|calendar)[\\/])?locale[\\/][a-z]+_[A-Za-z]+\.js|@rc-component[\\/](picker|pagination)[\\/](es|lib)[\\/]locale[\\/])/;

/** What a chunking function may ask Rolldown about a module (the parts used here). */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
/** Modules that every signed-in page loads: the shell layout and what it imports. */
const SHELL_ROOT = `${SRC}layouts/ShellLayout.tsx`;
/** Modules of the entry and the sign-in page, which must not wait for a signed-in chunk. */
const SIGNED_OUT_ROOTS = [`${SRC}main.tsx`, `${SRC}layouts/AuthLayout.tsx`, `${SRC}pages/auth/LoginPage.tsx`];
const closures = new WeakMap<object, { shell: Set<string>; signedOut: Set<string> }>();
/** Every module that `roots` import statically, directly or not. */
function staticClosure(ctx: ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
/**
 * `shell` for a module that the signed-in shell imports and the entry and sign-in page do not
 * (computed once per chunking pass: Rolldown reuses its module info objects within a pass).
 */
function shellChunk(id: string, ctx: ChunkingContext): string | null {
  const key = ctx.getModuleInfo(SHELL_ROOT);
  if (!key) return null;
  let sets = closures.get(key);
  if (!sets) {
    sets = { shell: staticClosure(ctx, [SHELL_ROOT]), signedOut: staticClosure(ctx, SIGNED_OUT_ROOTS) };
    closures.set(key, sets);
  }
  if (sets.signedOut.has(id)) return null;
  if (!id.includes('node_modules') && sets.shell.has(id)) return 'shell';
  return null;
}

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
            // Translations stay by language (one loads at a time, the sign-in page's too); ahead of
            // antd-core, which would otherwise take them in as dependencies of its default locale.
            { name: 'antd-locale', test: ANTD_TRANSLATION, entriesAware: true, priority: 16 },
            {
              name: 'antd-core',
              test: (id: string) => ANTD_CORE.test(id) && !ANTD_TRANSLATION.test(id),
              priority: 15,
            },
            // The rest of what a signed-in page needs, in a few files instead of ~60 small ones: over
            // HTTP/1.1 (six connections) each file costs a round trip, and Lighthouse's simulated
            // network made the material page wait ~1 s for its 86 scripts. The shell's own modules
            // (its dependencies are not pulled in: those of the entry stay where they are); every
            // icon the console uses (≈ 27 KB); the antd components of the shell and the home page;
            // those of the list pages (table, form, filters, tree, upload; not the date picker).
            { name: shellChunk, priority: 14, includeDependenciesRecursively: false },
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/](icons[\\/]es[\\/]icons|icons-svg)[\\/]/,
              priority: 13,
            },
            {
              name: 'antd-common',
              test: /node_modules[\\/]antd[\\/]es[\\/](card|tabs|result|typography|input|tag|descriptions|grid|row|col|empty|progress|statistic|skeleton|alert)[\\/]/,
              priority: 12,
            },
            {
              name: 'antd-data',
              test: /node_modules[\\/]antd[\\/]es[\\/](table|pagination|form|select|radio|checkbox|segmented|list|tree|upload)[\\/]/,
              priority: 11,
            },
          ],
        },
      },
    },
  },
});
