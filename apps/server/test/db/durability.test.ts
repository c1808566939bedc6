import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { SettingsService } from '../../src/modules/settings/service.js';

const fixture = fileURLToPath(new URL('../fixtures/write-then-wait.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the fixture until it has committed, then kills it with SIGKILL. */
function writeAndKill(dir: string, value: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // `node --import tsx` runs the fixture in this very process, so SIGKILL hits the writer itself
    // (the tsx CLI would put a wrapper process in between and the writer would live on).
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, String(value)], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('committed')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`fixture exited without being killed:\n${out}`));
      // The writer must really be gone before the database is reopened.
      expect(() => process.kill(child.pid!, 0)).toThrow();
      resolve();
    });
  });
}

describe('embedded PGlite durability', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-durable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reopens after the process was killed, with every committed write', async () => {
    await writeAndKill(dir, 41);
    await writeAndKill(dir, 42);
    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(await new SettingsService(handle.db).get('passwordExpiryDays')).toBe(42);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
