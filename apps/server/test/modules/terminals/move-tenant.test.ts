import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPublications, programPublications } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { entry, planDoc } from '../plans/fixture.js';
import { programDoc } from '../programs/fixture.js';
import { caller, claimDevice, consoleFixture } from './fixture.js';

describe('a terminal moved to another tenant takes none of its former tenant’s content along', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp({ APM_TERMINAL_REGISTER_RATE_LIMIT: '1000' });
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
  });
  afterAll(() => t.close());

  const ok = async (url: string, cookie: string, payload: object) => {
    const res = await api.post(url, cookie, payload);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as { id: number };
  };
  /** A terminal of customer A1 playing an A1 program directly and an A1 plan. */
  const screenOfA1 = async (name: string) => {
    const { terminalId } = await claimDevice(t.app, f.a1, f.offices.a1.id, name);
    const program = await ok('program/save', f.a1, { document: programDoc(`${name} loop`) });
    await ok('publishProgram/saveTerminals', f.a1, { programId: program.id, terminalIds: [terminalId] });
    const plan = await ok('playPlan/save', f.a1, {
      name: `${name} week`,
      document: planDoc([entry('e1', [program.id])]),
    });
    await ok('playPlan/saveTerminals', f.a1, { planId: plan.id, terminalIds: [terminalId] });
    return { terminalId, programId: program.id, planId: plan.id };
  };
  const manifest = (id: number) => t.app.services.programManifest.forTerminal(id);
  const published = async (id: number) => ({
    programs: (await t.db.select().from(programPublications).where(eq(programPublications.terminalId, id)))
      .length,
    plans: (await t.db.select().from(planPublications).where(eq(planPublications.terminalId, id))).length,
  });

  it('drops the programs and plans of customer A1 when a platform admin moves the screen to customer B', async () => {
    const screen = await screenOfA1('Kiosk');
    expect((await manifest(screen.terminalId)).programs.map((p) => p.id)).toEqual([screen.programId]);
    await ok('terminal/updateTerminalOffice', f.admin, {
      terminalIds: [screen.terminalId],
      officeId: f.offices.b.id,
    });
    expect(await published(screen.terminalId)).toEqual({ programs: 0, plans: 0 });
    const after = await manifest(screen.terminalId);
    expect(after.programs).toEqual([]);
    expect(after.plans).toEqual([]);
  });

  it('keeps them when the screen moves within its tenant (to a shop of A1)', async () => {
    const screen = await screenOfA1('Counter');
    await ok('terminal/updateTerminalOffice', f.a1, {
      terminalIds: [screen.terminalId],
      officeId: f.offices.a1Shop.id,
    });
    expect(await published(screen.terminalId)).toEqual({ programs: 1, plans: 1 });
    expect((await manifest(screen.terminalId)).plans.map((p) => p.id)).toEqual([screen.planId]);
  });
});
