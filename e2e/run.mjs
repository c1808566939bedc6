// `npm test` of the end-to-end suite: builds the product once, then runs the specs in two vitest processes side by
// side. The main one runs most specs in two workers, which keep both cores busy. The waiting lane runs, one at a
// time, the specs that mostly wait for the product's own clocks (a plan's minute boundary, a player's send
// interval and reconnection, the offline threshold): alone, each used a tenth to a third of one core for its
// length. In the main workers, a worker sat idle through those waits.
//   node run.mjs [vitest options…]   (given to both runs; `npx vitest run` still runs every spec in one process)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The waiting lane: specs that spend most of their time waiting, with what they used of one core alone. */
const WAITING_SPECS = [
  'specs/player-plans.test.ts', // 46 s, 3 CPU-s: waits for the next whole minute
  'specs/proof-of-play.test.ts', // 27 s, 7 CPU-s: the player's 10 s send interval, an outage
  'specs/player.test.ts', // 32 s, 10 CPU-s: the server down and back, the player reconnecting
  'specs/alarms.test.ts', // 25 s, 9 CPU-s: the offline threshold
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const extra = process.argv.slice(2);

/** Runs a command to its end; resolves with its exit code (its output shown, or kept when `keep`). */
function run(command, args, { env = process.env, cwd = HERE, keep = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (keep) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    const stop = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

// The product as users get it: a production build (vitest would set NODE_ENV=test), made once for both runs.
const build = await run('npm', ['run', 'build'], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.code !== 0) process.exit(build.code);

const env = { ...process.env, APM_E2E_BUILT: '1' };
const exclude = WAITING_SPECS.flatMap((spec) => ['--exclude', spec]);
let mainEnded = false;
const mainRun = run('npx', ['vitest', 'run', ...exclude, ...extra], { env }).then((result) => {
  mainEnded = true;
  return result;
});
// The main run's set-up installs Chromium when it is missing: the waiting lane starts once it is there (two
// apt-get at once would fail on apt's lock), or once the main run has ended without it.
// The path is `support/chromium.ts`'s CHROMIUM_PATH.
while (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell') && !mainEnded) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const waiting = await run('npx', ['vitest', 'run', '--maxWorkers=1', ...extra, ...WAITING_SPECS], {
  env,
  keep: true,
});
// Shown in one piece when it ends, not interleaved with the main run's lines.
process.stdout.write(
  `\n== end-to-end: the waiting lane (${WAITING_SPECS.length} specs)\n${waiting.output}\n`,
);
const main = await mainRun;
process.exit(main.code || waiting.code);
