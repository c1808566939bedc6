import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playHourly, programPublications, playEvents } from '../../../src/db/schema/index.js';
import { PlayPartitions } from '../../../src/terminal/play-partitions.js';
import { rebuildCoarseRollups } from '../../../src/terminal/play-rollup.js';
import { programDoc } from '../programs/fixture.js';
import { saveProgram } from '../sync-groups/fixture.js';
import { SUBJECT, at, statsFixture, weekQuery } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

describe('statistics: proof of play from the roll-up, top lists, exports, reconciliation', () => {
  let s: Awaited<ReturnType<typeof statsFixture>>;
  let lobbyLoop: number;
  let other: number;
  let bProgram: number;
  beforeAll(async () => {
    s = await statsFixture();
    lobbyLoop = await saveProgram(s.t.app, s.f.a1, programDoc('Shop loop'));
    other = await saveProgram(s.t.app, s.f.a1, programDoc('Other'));
    bProgram = await saveProgram(s.t.app, s.f.b, programDoc('B program'));
    const { db } = s.t;
    // Shop, Wednesday 4 March: published at 05:00, online from 06:00 (fixture), played 06:00–08:00,
    // something else 08:00–08:30, then nothing reported.
    await db.insert(programPublications).values({
      programId: lobbyLoop,
      terminalId: s.term.shop,
      publishedAt: at('2026-03-04T05:00:00Z'),
    });
    await new PlayPartitions(db).ensure([at('2026-03-04T00:00:00Z')]);
    const event = (id: string, programId: number, start: string, ms: number) => ({
      terminalId: s.term.shop,
      eventId: id,
      kind: 'program',
      officeId: s.f.offices.a1Shop.id,
      programId,
      startedAt: at(start),
      durationMs: ms,
    });
    await db
      .insert(playEvents)
      .values([
        event('e1', lobbyLoop, '2026-03-04T06:00:00Z', 3_600_000),
        event('e2', lobbyLoop, '2026-03-04T07:00:00Z', 3_600_000),
        event('e3', other, '2026-03-04T08:00:00Z', 1_800_000),
      ]);
  });
  afterAll(() => s.t.close());
  const get = (path: string, cookie = s.f.a1) => s.api.get(`statistics/${path}`, cookie);

  it('plays: totals, a day series and the weekday × hour heat map of the range’s programs', async () => {
    const res = await get(`plays?${weekQuery({ granularity: 'day' })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      plays: 13,
      seconds: 190,
      terminals: 2,
      subjects: 2,
      series: [
        { bucket: '2026-03-02T00:00:00Z', plays: 9, seconds: 150 },
        { bucket: '2026-03-03T00:00:00Z', plays: 4, seconds: 40 },
        ...['04', '05', '06', '07', '08'].map((d) => ({
          bucket: `2026-03-${d}T00:00:00Z`,
          plays: 0,
          seconds: 0,
        })),
      ],
      heatMap: [
        [1, 10, 6],
        [1, 11, 3],
        [2, 10, 4],
      ],
    });
  });

  it('plays: one program, materials, one terminal; another tenant’s terminal is 404, contradictions 400', async () => {
    const one = (await get(`plays?${weekQuery({ programId: SUBJECT.lobby })}`)).body.data as {
      plays: number;
      seconds: number;
    };
    expect([one.plays, one.seconds]).toEqual([10, 100]);
    const mats = (await get(`plays?${weekQuery({ subject: 'material' })}`)).body.data as {
      plays: number;
      seconds: number;
    };
    expect([mats.plays, mats.seconds]).toEqual([10, 50]);
    const shop = (await get(`plays?${weekQuery({ terminalId: s.term.shop })}`)).body.data as {
      plays: number;
    };
    expect(shop.plays).toBe(3);
    const b = await get(`plays?${weekQuery({ terminalId: s.term.bScreen })}`);
    expect(b.status).toBe(404);
    expect(fieldsOf(b.body)).toEqual(['terminalId']);
    const both = await get(`plays?${weekQuery({ programId: 1, subject: 'material' })}`);
    expect(both.status).toBe(400);
    expect(fieldsOf(both.body)).toEqual(['programId']);
    const bAdmin = (await get(`plays?${weekQuery()}`, s.f.b)).body.data as { plays: number };
    expect(bAdmin.plays).toBe(100);
  });

  it('playTop: sorted and paged on the server by programs, terminals and offices', async () => {
    const top = (q: Record<string, string | number>) =>
      get(`playTop?${weekQuery(q)}`).then((r) => r.body.data as { list: object[]; count: number });
    expect(await top({ dimension: 'program' })).toMatchObject({
      count: 2,
      list: [
        { id: SUBJECT.lobby, name: 'Lobby loop', plays: 10, seconds: 100, terminals: 1 },
        { id: SUBJECT.menu, name: 'Menu', plays: 3, seconds: 90, terminals: 1 },
      ],
    });
    expect(
      (await top({ dimension: 'program', sort: 'seconds', order: 'asc' })).list.map(
        (r) => (r as { name: string }).name,
      ),
    ).toEqual(['Menu', 'Lobby loop']);
    expect(await top({ dimension: 'program', pageNo: 2, pageSize: 1 })).toMatchObject({
      count: 2,
      list: [{ name: 'Menu' }],
    });
    expect((await top({ dimension: 'terminal' })).list).toEqual([
      { id: s.term.lobby, name: 'Lobby screen', plays: 10, seconds: 100, terminals: 1 },
      { id: s.term.shop, name: 'Shop screen', plays: 3, seconds: 90, terminals: 1 },
    ]);
    expect((await top({ dimension: 'office' })).list.map((r) => (r as { name: string }).name)).toEqual([
      'Customer A1',
      'A1 shop',
    ]);
    expect((await top({ dimension: 'material' })).list).toEqual([
      { id: SUBJECT.logo, name: 'logo.png', plays: 10, seconds: 50, terminals: 1 },
    ]);
    const bad = await get(`playTop?${weekQuery({ dimension: 'planet' })}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('dimension');
  });

  it('playExport: CSV with BOM and localized headers, XLSX with the same rows; checked before streaming; stats:export only', async () => {
    const csv = await s.t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/statistics/playExport?${weekQuery({ dimension: 'program', granularity: 'day', format: 'csv' })}`,
      headers: { cookie: `${s.f.a1}; language=FR` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(
      csv.body
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual([
      'Début de période,ID,Nom,Diffusions,Secondes diffusées,Terminaux',
      `2026-03-02T00:00:00Z,${SUBJECT.lobby},Lobby loop,6,60,1`,
      `2026-03-02T00:00:00Z,${SUBJECT.menu},Menu,3,90,1`,
      `2026-03-03T00:00:00Z,${SUBJECT.lobby},Lobby loop,4,40,1`,
    ]);
    const xlsx = await s.t.app.inject({
      method: 'GET',
      url: `/apm-web/a/api/statistics/playExport?${weekQuery({ dimension: 'terminal', granularity: 'day', format: 'xlsx' })}`,
      headers: { cookie: s.f.a1 },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.length).toBe(4);
    expect(rows[0]).toEqual(['Period start', 'ID', 'Name', 'Plays', 'Seconds played', 'Terminals']);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Lobby screen', 6, 60],
      ['Shop screen', 3, 90],
      ['Lobby screen', 4, 40],
    ]);
    const bad = await get(`playExport?${weekQuery({ dimension: 'program', format: 'pdf' })}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('format');
    const late = await get(
      `playExport?from=2026-03-09T00:00:00Z&to=2026-03-02T00:00:00Z&dimension=program&format=csv`,
    );
    expect(late.status).toBe(400);
    expect(fieldsOf(late.body)).toEqual(['to']);
    expect(
      (await get(`playExport?${weekQuery({ dimension: 'program', format: 'csv' })}`, s.statsViewOnly)).status,
    ).toBe(403);
  });

  it('reconcile: scheduled vs played with the share and every gap’s reason', async () => {
    const q = `from=2026-03-04T04:00:00.000Z&to=2026-03-04T10:00:00.000Z&programId=${lobbyLoop}`;
    const res = await get(`reconcile?${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as {
      scheduledSeconds: number;
      playedSeconds: number;
      share: number;
      gapSeconds: object;
      count: number;
      list: { name: string; gaps: object[] }[];
    };
    expect(d).toMatchObject({
      scheduledSeconds: 6 * 3600,
      playedSeconds: 2 * 3600,
      gapSeconds: { notDelivered: 3600, offline: 3600, otherContent: 1800, unknown: 5400 },
      count: 1,
    });
    expect(d.share).toBeCloseTo(1 / 3, 9);
    expect(d.list[0]!.name).toBe('Shop screen');
    expect(d.list[0]!.gaps).toEqual([
      { start: '2026-03-04T04:00:00.000Z', end: '2026-03-04T05:00:00.000Z', reason: 'notDelivered' },
      { start: '2026-03-04T05:00:00.000Z', end: '2026-03-04T06:00:00.000Z', reason: 'offline' },
      { start: '2026-03-04T08:00:00.000Z', end: '2026-03-04T08:30:00.000Z', reason: 'otherContent' },
      { start: '2026-03-04T08:30:00.000Z', end: '2026-03-04T10:00:00.000Z', reason: 'unknown' },
    ]);
  });

  it('reconcile: exactly one of planId / programId (400), 31 days at most (400), another tenant’s program 404', async () => {
    const both = await get(
      `reconcile?from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z&programId=${lobbyLoop}&planId=1`,
    );
    expect(both.status).toBe(400);
    expect(fieldsOf(both.body)).toEqual(['planId']);
    const long = await get(
      `reconcile?from=2026-01-01T00:00:00Z&to=2026-03-05T00:00:00Z&programId=${lobbyLoop}`,
    );
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toEqual(['to']);
    const theirs = await get(
      `reconcile?from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z&programId=${bProgram}`,
    );
    expect(theirs.status).toBe(404);
    expect(fieldsOf(theirs.body)).toEqual(['programId']);
  });

  it('campaignReport: a valid PDF with the totals, the terminal table and the reasons, in the reader’s language', async () => {
    // The roll-up of the two hours played (added here: the week's figures above stay as seeded).
    await s.t.db.insert(playHourly).values(
      [6, 7].map((hour) => ({
        hour: at(`2026-03-04T0${hour}:00:00Z`),
        terminalId: s.term.shop,
        officeId: s.f.offices.a1Shop.id,
        kind: 'program',
        subjectId: lobbyLoop,
        subjectName: 'Shop loop',
        plays: 1,
        durationMs: 3_600_000,
      })),
    );
    await rebuildCoarseRollups(s.t.db);
    const url = `/apm-web/a/api/statistics/campaignReport?from=2026-03-04T04:00:00.000Z&to=2026-03-04T10:00:00.000Z&timeZone=UTC&programId=${lobbyLoop}`;
    const res = await s.t.app.inject({ method: 'GET', url, headers: { cookie: s.f.a1 } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Campaign report: Shop loop');
    expect(text).toMatch(/Plays\s+2\b/);
    expect(text).toMatch(/Seconds played\s+7,200/);
    expect(text).toMatch(/Scheduled \(h\)\s+6\.00/);
    expect(text).toMatch(/Played \(h\)\s+2\.00/);
    expect(text).toMatch(/Share played\s+33\.3%/);
    expect(text).toMatch(/Not delivered yet\s+1\.00/);
    expect(text).toMatch(/Terminal offline\s+1\.00/);
    expect(text).toMatch(/Other content played\s+0\.50/);
    expect(text).toMatch(/No report\s+1\.50/);
    expect(text).toMatch(/Shop screen\s+2\s+7,200\s+6\.00\s+2\.00\s+33\.3%/);
    const fr = await s.t.app.inject({ method: 'GET', url, headers: { cookie: `${s.f.a1}; language=FR` } });
    expect(pdfText(fr.rawPayload)).toContain('Rapport de campagne: Shop loop');
    const none = await get(`campaignReport?from=2026-03-04T04:00:00.000Z&to=2026-03-04T10:00:00.000Z`);
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toEqual(['planId']);
    expect(
      (
        await get(
          `campaignReport?from=2026-03-04T04:00:00Z&to=2026-03-04T10:00:00Z&programId=${lobbyLoop}`,
          s.statsViewOnly,
        )
      ).status,
    ).toBe(403);
  });
});

/** The text of a PDF as pdftotext reads it (layout kept, so a table row stays on one line). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stats-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
