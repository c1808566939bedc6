import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.js';
import { prepareDataTemplate, ROOT } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database folder the built server migrated once; each server of the run starts from a copy. */
    dataTemplate: string;
    /** A folder of the run, removed at its end: the shared servers' data and pid files (`shared.ts`). */
    runDir: string;
  }
}

/** Before the end-to-end run: Chromium present, the console, player and server built, a migrated database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  // The product as users get it: vitest sets NODE_ENV=test, which would give a development build
  // (React and antd in dev mode, bigger and slower), so the build gets production explicitly. `run.mjs` builds
  // once before its two runs.
  if (process.env.APM_E2E_BUILT !== '1') {
    execSync('npm run build', {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const template = await prepareDataTemplate();
  const runDir = mkdtempSync(path.join(tmpdir(), 'apm-e2e-run-'));
  project.provide('dataTemplate', template);
  project.provide('runDir', runDir);
  return async () => {
    await stopLeftServers(runDir);
    rmSync(runDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    rmSync(path.dirname(template), { recursive: true, force: true });
  };
}

/**
 * Stops the shared servers still running (their workers stop them on exit, and may not have got there): the
 * pids of the run's pid files whose process still runs on a data dir of the run (a pid can have been reused).
 */
async function stopLeftServers(runDir: string): Promise<void> {
  const ours = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`APM_DATA_DIR=${runDir}${path.sep}`);
    } catch {
      return false;
    }
  };
  const pids = readdirSync(runDir)
    .filter((name) => name.endsWith('.pid'))
    .map((name) => Number(name.slice(0, -'.pid'.length)))
    .filter(ours);
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  // A graceful stop closes the database; a server that has not stopped in 10 s is killed.
  for (let waited = 0; waited < 10_000 && pids.some(ours); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pid of pids.filter(ours)) process.kill(pid, 'SIGKILL');
}
