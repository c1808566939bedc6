import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, staleness } from '../../../../scripts/build-if-stale.mjs';

describe('npm start builds only what is stale', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'apm-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const player = APPS.find((app) => app.name === 'player')!;
  /** Writes a file of the fake checkout with the given age in seconds (negative: in the future, newer than any folder). */
  const write = (file: string, ageSeconds: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'x');
    const time = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(full, time, time);
  };

  it('builds an app that was never built', () => {
    write('apps/player/src/main.ts', 100);
    expect(staleness(player, root)).toBe('not built');
  });

  it('skips an app whose build is newer than all its sources', () => {
    write('apps/player/dist/index.html', -60);
    write('packages/contract/src/index.ts', 100);
    write('package-lock.json', 100);
    expect(staleness(player, root)).toBeNull();
  });

  it('rebuilds after a change to its own sources, a shared package it uses or the locked dependencies', () => {
    for (const changed of [
      'apps/player/src/deep/new.ts',
      'packages/contract/src/index.ts',
      'package-lock.json',
    ]) {
      write(changed, -120);
      expect(staleness(player, root), changed).toBe('sources changed');
      write(changed, 100);
    }
    expect(staleness(player, root)).toBeNull();
  });

  it('knows every app npm start serves, by the file its build writes', () => {
    expect(APPS.map((app) => `${app.workspace}/${app.output}`)).toEqual([
      'apps/web/dist/index.html',
      'apps/player/dist/index.html',
      'apps/server/dist/main.js',
    ]);
  });
});
