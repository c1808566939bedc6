import { describe, expect, it } from 'vitest';
import { keptPlayerSuite } from '../support/kept-player-suite.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { simpleProgram, waitForConnection } from '../support/player.js';

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An entry playing `programId` on one day in one window (UTC wall clock). */
function windowEntry(id: string, programId: number, start: number, end: number) {
  return {
    id,
    name: id,
    kind: 'normal',
    priority: 5,
    items: [{ programId }],
    startDate: day(start),
    endDate: day(start),
    weekdays: [],
    rrule: null,
    exdates: [],
    rdates: [],
    windows: [{ start: hhmm(start), end: hhmm(end) }],
    everyMinutes: null,
    perHour: null,
  };
}

describe('web player and play plans', () => {
  // A server of its own, which the test stops. Windows are wall-clock times of the terminal's zone: the
  // server's default here.
  const suite = keptPlayerSuite('apm-e2e-plans', { APM_TIME_ZONE: 'UTC' });

  it('switches programs at the plan boundary to the second, also while the server is stopped', async () => {
    const { player, terminalId } = await suite.pairPlayer('Canteen');

    const material = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'dot.png',
      makePng(64, 64, [20, 160, 20]),
      null,
    );
    const save = (name: string, text: string, colour: string) =>
      suite.api<{ id: number }>('/a/api/program/save', {
        document: simpleProgram(name, material.id, text, colour),
      });
    const breakfast = await save('Breakfast', 'Breakfast is served', '#1040c0');
    const lunch = await save('Lunch', 'Lunch is served', '#c04010');

    // The boundary: a whole minute at least 25 s ahead (time to publish, download and stop the server; the
    // player shows the first program within seconds, checked 5 s before the boundary below).
    const now = Date.now();
    const boundary = Math.ceil((now + 25_000) / 60_000) * 60_000;
    const document = {
      entries: [
        windowEntry('breakfast', breakfast.id, Math.floor(now / 60_000) * 60_000, boundary),
        windowEntry('lunch', lunch.id, boundary, boundary + 10 * 60_000),
      ],
      defaultProgramId: null,
    };
    const plan = await suite.api<{ id: number }>('/a/api/playPlan/save', {
      name: 'Canteen day',
      document,
    });
    await suite.api('/a/api/playPlan/saveTerminals', {
      planId: plan.id,
      terminalIds: [terminalId],
      groupIds: [],
      mode: 'replace',
    });

    // The server's timeline says where the switch is.
    const timeline = await suite.api<{
      segments: { start: string; end: string; programId: number | null; entryId: string | null }[];
    }>(
      `/a/api/playPlan/timeline?terminalId=${terminalId}&from=${new Date(boundary - 30_000).toISOString()}&to=${new Date(boundary + 30_000).toISOString()}`,
    );
    expect(timeline.segments.map((s) => [s.entryId, s.programId])).toEqual([
      ['breakfast', breakfast.id],
      ['lunch', lunch.id],
    ]);
    expect(Date.parse(timeline.segments[1]!.start)).toBe(boundary);

    await player.page.getByText('Breakfast is served').waitFor({ timeout: 30_000 });
    expect(Date.now()).toBeLessThan(boundary - 5000);

    // The server goes away; the player keeps the schedule by itself.
    await suite.stop();
    await waitForConnection(player.page, 'closed');
    await player.page.getByText('Lunch is served').waitFor({ timeout: boundary - Date.now() + 10_000 });
    const switchedAt = Date.now();
    // Not before the boundary, and within two seconds after it (the page is polled every 100 ms or so).
    expect(switchedAt).toBeGreaterThanOrEqual(boundary);
    expect(switchedAt - boundary).toBeLessThan(2000);
    expect(await player.page.getByTestId('player-screen').getAttribute('data-plan-entry')).toBe('lunch');
  }, 180_000);
});
