import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.js';
import { prepareDataTemplate, ROOT } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database folder the built server migrated once; each server of the run starts from a copy. */
    dataTemplate: string;
  }
}

/** Before the end-to-end run: Chromium present, the console, player and server built, a migrated database. */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureChromium();
  // The product as users get it: vitest sets NODE_ENV=test, which would give a development build
  // (React and antd in dev mode, bigger and slower), so the build gets production explicitly.
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const template = await prepareDataTemplate();
  project.provide('dataTemplate', template);
  return () => rmSync(path.dirname(template), { recursive: true, force: true });
}
