// Static checks — `lint` (ESLint, Prettier) and `typecheck` (each workspace's `tsc`) — as one queue
// run on every core; each check uses about one. In a row they took 242 s of CI (lint 90 s, then the
// type checks two at a time). Prints each check's output when it ends; fails when any failed.
//   node scripts/checks.mjs [lint] [typecheck]   (both when none is named)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/**
 * The type checks' compiler: TypeScript 7, the native one (`typescript-native`), by its own path. The
 * `typescript` package stays 5.9 for typescript-eslint, which parses through the compiler API that 7 no
 * longer has; both install a `tsc` command, and npm links either. All type checks took 84 s of CPU with 5.9,
 * 30 s with 7 (2026-12-01).
 */
const NATIVE_TSC = path.join(root, 'node_modules/typescript-native/bin/tsc');

/**
 * The slowest checks as CI measured them (s): started first, so that no long one is left for the end
 * while the other cores idle. The rest follow in workspace order.
 */
const SLOWEST_FIRST = ['prettier', 'eslint', 'typecheck apps/web', 'typecheck (build mode)'];

/** The checks of the named groups, as [name, command, args, cwd?]. */
function checksOf(groups) {
  const checks = [];
  if (groups.includes('lint')) {
    checks.push(['eslint', 'npx', ['eslint', '.']]);
    checks.push(['prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']]);
  }
  if (groups.includes('typecheck')) {
    // Workspaces checked in build mode (`tsc -b`: the server and what it is built from, and the benchmarks that
    // read the server's declarations) go in one `tsc -b`, which checks each project once and in order; run
    // apart, they would write the same declarations at once.
    const built = [];
    for (const dir of readJson('package.json').workspaces) {
      const script = readJson(path.join(dir, 'package.json')).scripts?.typecheck;
      if (script === 'tsc -b') built.push(dir);
      else if (script?.startsWith('tsc ')) {
        checks.push([`typecheck ${dir}`, NATIVE_TSC, script.split(' ').slice(1), path.join(root, dir)]);
      } else if (script) {
        checks.push([`typecheck ${dir}`, 'npm', ['run', '--silent', 'typecheck', '--workspace', dir]]);
      }
    }
    if (built.length) checks.push(['typecheck (build mode)', NATIVE_TSC, ['-b', ...built]]);
  }
  const rank = (name) => {
    const i = SLOWEST_FIRST.indexOf(name);
    return i === -1 ? SLOWEST_FIRST.length : i;
  };
  return checks.sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** Runs one check (in `cwd`, the root unless given); resolves with its exit code once its output is printed. */
function run([name, command, args, cwd = root]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const named = process.argv.slice(2);
const queue = checksOf(named.length ? named : ['lint', 'typecheck']);
const codes = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    while (queue.length) codes.push(await run(queue.shift()));
  }),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
