import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, terminalCommands, terminals } from '../../../src/db/schema/index.js';
import type { TerminalDelivery } from '../../../src/terminal/bus.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { addGroup, addTerminal } from '../programs/fixture.js';
import { PASSWORD, buildTenants } from '../users/fixture.js';
import { messageDoc } from './fixture.js';

const DAY = 24 * 3600 * 1000;

describe('message targets and timing: groups with subgroups, offices and below, retargeting, command lifetimes, expiry', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildTenants>>;
  let a1: string;
  const term = {} as Record<'hall' | 'door' | 'up' | 'shop' | 'bTerm', number>;
  let floor: number;
  let message: number;
  const bus: TerminalDelivery[] = [];

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/apm-web/a/api/${url}`, payload, headers: { cookie: a1 } });
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/apm-web/a/api/${url}`, headers: { cookie: a1 } });
  /** The terminals told each command since the last call (which forgets them). */
  const told = () => {
    const out: Record<string, number[]> = {};
    for (const d of bus) {
      if (d.message.type === 'command') (out[d.message.name] ??= []).push(d.terminalId);
    }
    for (const ids of Object.values(out)) ids.sort((x, y) => x - y);
    bus.length = 0;
    return out;
  };
  const save = async (targets: object, extra: object = {}) => {
    const res = await post('publishMessage/ajaxSave', {
      id: message,
      name: 'Notice',
      document: messageDoc('ticker', 'Notice', extra),
      targets: { terminalIds: [], groupIds: [], officeIds: [], ...targets },
    });
    expect(res.statusCode, res.body).toBe(200);
    message = res.json().data.id;
  };
  const send = async () => {
    const res = await post('publishMessage/savePublish', { id: message });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { terminalCount: number; queued: number };
  };
  const states = async () =>
    Object.fromEntries(
      (
        (await get(`publishMessage/findSendMessages?id=${message}&pageSize=50`)).json().data.list as {
          name: string;
          state: string;
        }[]
      ).map((d) => [d.name, d.state]),
    );

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildTenants(t.db);
    a1 = await login(t.app, 'a1admin', PASSWORD);
    floor = await addGroup(t.db, f.offices.a1.id, 'Floor');
    const sub = await addGroup(t.db, f.offices.a1.id, 'Floor 2', floor);
    term.hall = await addTerminal(t.db, { name: 'Hall', officeId: f.offices.a1.id });
    term.door = await addTerminal(t.db, { name: 'Door', officeId: f.offices.a1.id, groupId: floor });
    term.up = await addTerminal(t.db, { name: 'Up', officeId: f.offices.a1.id, groupId: sub });
    term.shop = await addTerminal(t.db, { name: 'Shop', officeId: f.offices.a1Shop.id });
    term.bTerm = await addTerminal(t.db, { name: 'B', officeId: f.offices.b.id });
    t.app.services.terminalBus.subscribe((d) => bus.push(...d));
  });
  afterAll(() => t.close());

  it('sends to the claimed terminals of a group and its subgroups', async () => {
    await save({ groupIds: [floor] });
    expect(await send()).toMatchObject({ terminalCount: 2, queued: 2 });
    expect(told()).toEqual({ showMessage: [term.door, term.up] });
    expect(await states()).toEqual({ Door: 'queued', Up: 'queued' });
  });

  it('re-targets: a save re-sends to the terminals holding it; the next send stops it where it is no longer targeted', async () => {
    await save({ officeIds: [f.offices.a1Shop.id] });
    expect(told()).toEqual({ showMessage: [term.door, term.up] });
    expect(await send()).toMatchObject({ terminalCount: 1 });
    expect(told()).toEqual({ showMessage: [term.shop], stopMessage: [term.door, term.up] });
    expect(await states()).toEqual({ Door: 'stopped', Shop: 'queued', Up: 'stopped' });
    // The stopped terminals' undelivered showMessage commands were withdrawn.
    const shows = await t.db
      .select({ terminalId: terminalCommands.terminalId, state: terminalCommands.state })
      .from(terminalCommands)
      .where(eq(terminalCommands.name, 'showMessage'));
    expect(shows.filter((c) => c.terminalId !== term.shop).every((c) => c.state === 'expired')).toBe(true);
    await save({ officeIds: [f.offices.a1.id] });
    expect(told()).toEqual({ showMessage: [term.shop] });
    expect(await send()).toMatchObject({ terminalCount: 4 });
    expect(told()).toEqual({ showMessage: [term.hall, term.door, term.up, term.shop].sort((x, y) => x - y) });
  });

  it('gives showMessage commands the message’s lifetime: until validUntil, 30 days at most or without one', async () => {
    const latest = async () =>
      (
        await t.db
          .select({ expiresAt: terminalCommands.expiresAt })
          .from(terminalCommands)
          .where(eq(terminalCommands.name, 'showMessage'))
          .orderBy(sql`${terminalCommands.id} desc`)
          .limit(1)
      )[0]!.expiresAt.getTime();
    expect(Math.abs((await latest()) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const until = new Date(Date.now() + 3600_000);
    await save({ terminalIds: [term.hall] }, { validUntil: until.toISOString() });
    await send();
    expect(Math.abs((await latest()) - until.getTime())).toBeLessThan(2000);
    const far = new Date(Date.now() + 90 * DAY);
    await save({ terminalIds: [term.hall] }, { validUntil: far.toISOString() });
    await send();
    expect(Math.abs((await latest()) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('counts a message past its end as expired everywhere, and leaves it out of manifests', async () => {
    await save({ terminalIds: [term.hall, term.door] });
    await send();
    expect(await states()).toMatchObject({ Hall: 'queued', Door: 'queued' });
    expect((await t.app.services.programManifest.forTerminal(term.hall)).messages.map((m) => m.id)).toEqual([
      message,
    ]);
    await t.db
      .update(messages)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(messages.id, message));
    expect(await states()).toMatchObject({ Hall: 'expired', Door: 'expired' });
    const page = (await get(`publishMessage/findSendMessages?id=${message}&state=expired`)).json().data;
    expect(page.counts.expired).toBeGreaterThanOrEqual(2);
    expect((await get(`publishMessage/list?status=expired`)).json().data.list[0].id).toBe(message);
    expect((await t.app.services.programManifest.forTerminal(term.hall)).messages).toEqual([]);
    expect((await post('publishMessage/reuploadMessage', { id: message })).statusCode).toBe(409);
  });
  it('leaves a message out of the manifest of a terminal moved to another tenant', async () => {
    await save({ terminalIds: [term.shop] }, { validUntil: null });
    await send();
    const held = async () =>
      (await t.app.services.programManifest.forTerminal(term.shop)).messages.map((m) => m.id);
    expect(await held()).toEqual([message]);
    await t.db.update(terminals).set({ officeId: f.offices.b.id }).where(eq(terminals.id, term.shop));
    expect(await held()).toEqual([]);
    await t.db.update(terminals).set({ officeId: f.offices.a1Shop.id }).where(eq(terminals.id, term.shop));
    expect(await held()).toEqual([message]);
  });
});
