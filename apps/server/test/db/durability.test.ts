import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { SettingsService } from '../../src/modules/settings/service.js';

const fixture = fileURLToPath(new URL('../fixtures/write-then-wait.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** Runs the fixture until it has committed, then kills it with SIGKILL. */
function writeAndKill(dir: string, value: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, fixture, dir, String(value)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('committed')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`fixture exited without being killed:\n${out}`)),
    );
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
