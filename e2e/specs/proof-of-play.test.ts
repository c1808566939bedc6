import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keptPlayerSuite } from '../support/kept-player-suite.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { simpleProgram, waitForConnection, type PlayerPage } from '../support/player.js';

const HEADLINE = 'Proof of play';

/** The ids of the events the player keeps in IndexedDB (not acknowledged yet). */
const keptIds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('apm-player');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('plays').objectStore('plays').getAll();
          read.onsuccess = () => {
            resolve((read.result as { id: string }[]).map((e) => e.id));
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

describe('proof of play from the web player, exactly once', () => {
  // A server of its own: the test stops it, and reads its database.
  const suite = keptPlayerSuite('apm-e2e-plays');
  let player: PlayerPage;

  /** Ids of the `play` events the player sent, in order (with repeats). */
  const sentIds = () =>
    player.sent
      .filter((m) => m.type === 'play')
      .flatMap((m) => (m.events as { id: string }[]).map((e) => e.id));

  it('keeps events until the server acknowledges them, across an outage, and the server stores each once', async () => {
    const paired = await suite.pairPlayer('Proof window');
    player = paired.player;
    const { terminalId } = paired;
    const material = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'green.png',
      makePng(64, 64, [20, 200, 20]),
      null,
    );
    const program = await suite.api<{ id: number }>('/a/api/program/save', {
      document: simpleProgram('Proof program', material.id, HEADLINE, '#202020', 3_000),
    });
    await suite.api('/a/api/publishProgram/saveTerminals', {
      programId: program.id,
      terminalIds: [terminalId],
      groupIds: [],
    });
    await player.page.getByText(HEADLINE).waitFor({ timeout: 30_000 });

    // A cycle lasts 3 s and the player sends every 10 s: events go out with ids, and are acknowledged.
    await expect.poll(() => sentIds().length, { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
    const first = new Set(sentIds());
    await expect
      .poll(async () => (await keptIds(player.page)).filter((id) => first.has(id)), { timeout: 15_000 })
      .toEqual([]);

    // The server goes away: what plays meanwhile is kept, then delivered and acknowledged after it returns.
    await suite.stop();
    await waitForConnection(player.page, 'closed');
    await expect.poll(() => keptIds(player.page), { timeout: 40_000, interval: 1000 }).not.toEqual([]);
    const keptDuringOutage = await keptIds(player.page);
    await suite.restart();
    await waitForConnection(player.page, 'open', 45_000);
    await expect
      .poll(async () => (await keptIds(player.page)).filter((id) => keptDuringOutage.includes(id)), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([]);

    // Read what the server stored, with the server stopped (its flush on stop writes what it holds).
    await player.context.close();
    await suite.stop();
    const db = await PGlite.create(path.join(suite.dataDir, 'db'), { extensions: { pg_trgm } });
    try {
      const rows = (
        await db.query<{
          event_id: string;
          kind: string;
          program_name: string | null;
          material_id: number | null;
        }>('SELECT event_id, kind, program_name, material_id FROM play_events WHERE terminal_id = $1', [
          terminalId,
        ])
      ).rows;
      const stored = new Set(rows.map((r) => r.event_id));
      for (const id of [...first, ...keptDuringOutage]) expect(stored.has(id)).toBe(true);
      // Every stored event is one the player sent, once, whatever it sent again.
      expect(rows.every((r) => sentIds().includes(r.event_id))).toBe(true);
      expect(stored.size).toBe(rows.length);
      expect(rows.some((r) => r.kind === 'program' && r.program_name === 'Proof program')).toBe(true);
      expect(rows.some((r) => r.kind === 'material' && r.material_id === material.id)).toBe(true);
      const [rolled] = (
        await db.query<{ plays: number }>(
          'SELECT sum(plays)::int AS plays FROM play_hourly WHERE terminal_id = $1',
          [terminalId],
        )
      ).rows;
      expect(rolled!.plays).toBe(rows.length);
    } finally {
      await db.close();
    }
  }, 240_000);
});
