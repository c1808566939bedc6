// Type-checks every workspace that has a `typecheck` script, as many at once as there are cores
// (one `tsc` uses about one core; eight in a row took 96 s of CI). Prints each workspace's output
// when it ends and fails when any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const workspaces = readJson('package.json').workspaces.filter(
  (dir) => readJson(path.join(dir, 'package.json')).scripts?.typecheck,
);

/** Runs one workspace's `typecheck` script; resolves with its exit code and output. */
function typecheck(dir) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'typecheck', '--workspace', dir], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `typecheck ${dir}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`,
      );
      resolve(code ?? 1);
    });
  });
}

const queue = [...workspaces];
const codes = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    while (queue.length) codes.push(await typecheck(queue.shift()));
  }),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
