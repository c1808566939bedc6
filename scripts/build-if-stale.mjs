// `npm start`'s build: builds each app (console, player, server) only when its output is missing or older than its
// sources, quietly (the build's own output is shown only when it fails). `npm run build` still builds everything.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What every app is built from besides its own folder: the shared packages, the locked dependencies. */
const SHARED = ['packages/contract/src', 'packages/renderer/src', 'package-lock.json'];

/** The apps `npm start` serves: their workspace, what they are built from and the file their build writes. */
export const APPS = [
  {
    name: 'console',
    workspace: 'apps/web',
    sources: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
    output: 'dist/index.html',
    shared: ['scripts/precompress.mjs'],
  },
  {
    name: 'player',
    workspace: 'apps/player',
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
    output: 'dist/index.html',
    shared: ['scripts/precompress.mjs'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    sources: ['src', 'build.mjs', 'package.json'],
    output: 'dist/main.js',
    shared: [],
  },
];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Why an app needs building, or null when its output (written last by its build, also by `npm run build`) is newer
 * than all its sources.
 */
export function staleness(app, root = ROOT) {
  const output = path.join(root, app.workspace, app.output);
  if (!existsSync(output)) return 'not built';
  const sources = [...app.sources.map((s) => path.join(app.workspace, s)), ...SHARED, ...app.shared];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return newest > statSync(output).mtimeMs ? 'sources changed' : null;
}

/** Runs one app's build with its output kept back; on failure prints it and exits. */
function build(app) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--workspace', app.workspace], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0) {
        process.stderr.write(`${output}\nBuilding the ${app.name} failed (exit ${code})\n`);
        process.exit(code ?? 1);
      }
      resolve();
    });
  });
}

async function main() {
  for (const app of APPS) {
    const reason = staleness(app);
    if (!reason) continue;
    const started = Date.now();
    process.stdout.write(`Building the ${app.name} (${reason})… `);
    await build(app);
    process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
