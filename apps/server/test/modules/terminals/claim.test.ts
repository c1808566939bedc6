import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, terminals } from '../../../src/db/schema/index.js';
import { countRows } from '../../helpers/rows.js';
import { createTestApp, initSystem, type TestApp } from '../../helpers/app.js';
import { busRecorder, caller, consoleFixture, registerDevice } from './fixture.js';

describe('claiming, moving and removing terminals (updateTerminalOffice, removeTerminals)', () => {
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

  const row = async (id: number) => (await t.db.select().from(terminals).where(eq(terminals.id, id)))[0];
  const group = async (officeId: number, name: string, cookie = f.a1) => {
    const res = await api.post('terminal/saveTerminalGroup', cookie, { officeId, name });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: number }).id;
  };

  it('shows a pending terminal to platform admins only; a tenant claims it by its code into its office', async () => {
    const device = await registerDevice(t.app, 'Lobby screen');
    const pendingOf = async (cookie: string) =>
      ((await api.get('terminal/list?status=pending', cookie)).body.data as { list: { id: number }[] }).list;
    expect((await pendingOf(f.admin)).map((r) => r.id)).toContain(device.terminalId);
    expect(await pendingOf(f.a1)).toEqual([]);

    const lobby = await group(f.offices.a1.id, 'Lobby');
    const bus = busRecorder(t.app);
    // Typed with spaces and lower case, as people read it off a screen.
    const code = `${device.pairingCode.slice(0, 3)} ${device.pairingCode.slice(3)}`.toLowerCase();
    const res = await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: code,
      officeId: f.offices.a1.id,
      groupId: lobby,
      name: 'Front door',
    });
    bus.stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ terminalIds: [device.terminalId] });
    const claimed = await row(device.terminalId);
    expect(claimed).toMatchObject({
      state: 'claimed',
      pairingCode: null,
      officeId: f.offices.a1.id,
      groupId: lobby,
      name: 'Front door',
    });
    expect(bus.deliveries).toEqual([
      {
        terminalId: device.terminalId,
        message: { type: 'claimed', name: 'Front door', officeId: f.offices.a1.id, groupId: lobby },
      },
    ]);
    const listed = (await api.get('terminal/list', f.a1)).body.data as {
      list: { id: number; groupName: string }[];
    };
    expect(listed.list).toEqual([expect.objectContaining({ id: device.terminalId, groupName: 'Lobby' })]);
    expect(((await api.get('terminal/list', f.b)).body.data as { count: number }).count).toBe(0);

    // The code is spent: claiming again finds nothing.
    const again = await api.post('terminal/updateTerminalOffice', f.b, {
      pairingCode: device.pairingCode,
      officeId: f.offices.b.id,
    });
    expect(again.status).toBe(404);
    expect(again.body.jsonObject).toMatchObject({ fields: { pairingCode: expect.any(String) } });
  });

  it('refuses bad claims with a 4xx naming the field, changing nothing', async () => {
    const device = await registerDevice(t.app);
    const bGroup = await group(f.offices.b.id, 'B group', f.b);
    const cases: [object, number, string, string?][] = [
      [{ pairingCode: 'ZZZZZZ', officeId: f.offices.a1.id }, 404, 'pairingCode'],
      [{ pairingCode: '!!', officeId: f.offices.a1.id }, 400, 'pairingCode'],
      [{ pairingCode: device.pairingCode }, 400, 'officeId'],
      [{ pairingCode: device.pairingCode, officeId: f.offices.b.id }, 404, 'officeId'],
      [{ pairingCode: device.pairingCode, officeId: f.offices.a1.id, groupId: bGroup }, 404, 'groupId'],
      [{ pairingCode: device.pairingCode, officeId: f.offices.a1.id, name: '   ' }, 400, 'name'],
      [{}, 400, 'terminalIds'],
      [{ terminalIds: 'x,1', officeId: f.offices.a1.id }, 400, 'terminalIds'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await api.post('terminal/updateTerminalOffice', f.a1, payload);
      expect(res.status, `${JSON.stringify(payload)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.jsonObject).toMatchObject({ fields: { [field]: expect.any(String) } });
    }
    const viewer = await api.post('terminal/updateTerminalOffice', f.viewer, {
      pairingCode: device.pairingCode,
      officeId: f.offices.a1.id,
    });
    expect(viewer.status).toBe(403);
    expect(await row(device.terminalId)).toMatchObject({ state: 'pending', officeId: null });
  });

  it('keeps to the terminal quota of the customer and the agents above it (409 naming the office)', async () => {
    await t.db.update(offices).set({ terminalQuota: 2 }).where(eq(offices.id, f.offices.agentA.id));
    await t.db.update(offices).set({ terminalQuota: 3 }).where(eq(offices.id, f.offices.a1.id));
    // A1 holds one terminal from the first test; one more fits the agent's 2, a third does not.
    const second = await registerDevice(t.app);
    const ok = await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: second.pairingCode,
      officeId: f.offices.a1Shop.id,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const third = await registerDevice(t.app);
    const refused = await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: third.pairingCode,
      officeId: f.offices.a1.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/Agent A may hold at most 2 terminals/);
    expect(refused.body.jsonObject).toMatchObject({
      reason: 'terminalQuotaExceeded',
      officeId: f.offices.agentA.id,
      officeName: 'Agent A',
      limit: 2,
    });
    expect(await row(third.terminalId)).toMatchObject({ state: 'pending' });
    // Moving within the quota's subtree takes no new place.
    const move = await api.post('terminal/updateTerminalOffice', f.a1, {
      terminalIds: [second.terminalId],
      officeId: f.offices.a1.id,
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    await t.db.update(offices).set({ terminalQuota: null }).where(eq(offices.id, f.offices.agentA.id));
    await t.db.update(offices).set({ terminalQuota: null }).where(eq(offices.id, f.offices.a1.id));
  });

  it('moves and renames claimed terminals in scope; a move to another office leaves the old group', async () => {
    const device = await registerDevice(t.app);
    const shopGroup = await group(f.offices.a1Shop.id, 'Shop windows');
    const claim = await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: device.pairingCode,
      officeId: f.offices.a1Shop.id,
      groupId: shopGroup,
    });
    expect(claim.status).toBe(200);
    const rename = await api.post('terminal/updateTerminalOffice', f.a1, {
      terminalIds: String(device.terminalId),
      name: 'Window left',
    });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect(await row(device.terminalId)).toMatchObject({ name: 'Window left', groupId: shopGroup });
    const bus = busRecorder(t.app);
    const move = await api.post('terminal/updateTerminalOffice', f.a1, {
      terminalIds: [device.terminalId],
      officeId: f.offices.a1.id,
    });
    bus.stop();
    expect(move.status).toBe(200);
    expect(await row(device.terminalId)).toMatchObject({ officeId: f.offices.a1.id, groupId: null });
    expect(bus.deliveries[0]?.message).toEqual({
      type: 'claimed',
      name: 'Window left',
      officeId: f.offices.a1.id,
      groupId: null,
    });
    // Another tenant cannot touch it, nor move it into its own office.
    const foreign = await api.post('terminal/updateTerminalOffice', f.b, {
      terminalIds: [device.terminalId],
      officeId: f.offices.b.id,
    });
    expect(foreign.status).toBe(404);
    const intoForeign = await api.post('terminal/updateTerminalOffice', f.a1, {
      terminalIds: [device.terminalId],
      officeId: f.offices.b.id,
    });
    expect(intoForeign.status).toBe(404);
    expect(await row(device.terminalId)).toMatchObject({ officeId: f.offices.a1.id });
  });

  it('removes terminals in scope: rows gone, channels told (revoked); others refused', async () => {
    const device = await registerDevice(t.app);
    await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: device.pairingCode,
      officeId: f.offices.a1.id,
    });
    const before = await countRows(t.db, terminals);
    const foreign = await api.post('terminalSet/removeTerminals', f.b, { terminalIds: [device.terminalId] });
    expect(foreign.status).toBe(404);
    const viewer = await api.post('terminalSet/removeTerminals', f.viewer, {
      terminalIds: [device.terminalId],
    });
    expect(viewer.status).toBe(403);
    expect(await countRows(t.db, terminals)).toBe(before);

    const bus = busRecorder(t.app);
    const res = await api.post('terminalSet/removeTerminals', f.a1, { terminalIds: `${device.terminalId}` });
    bus.stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ removed: 1 });
    expect(await row(device.terminalId)).toBeUndefined();
    expect(bus.deliveries).toEqual([
      { terminalId: device.terminalId, message: { type: 'revoked', reason: expect.any(String) } },
    ]);
    // Its token no longer works on the device API.
    const me = await t.app.inject({
      method: 'GET',
      url: '/apm-web/terminal/me',
      headers: { authorization: `Device ${device.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('accepts form-encoded bodies as the console sends them', async () => {
    const device = await registerDevice(t.app);
    const yard = await group(f.offices.a1.id, 'Yard');
    const form = (url: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/apm-web/a/api/${url}`,
        headers: { cookie: f.a1, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const claim = await form('terminal/updateTerminalOffice', {
      pairingCode: device.pairingCode,
      officeId: String(f.offices.a1.id),
      groupId: String(yard),
      name: 'Yard screen',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await row(device.terminalId)).toMatchObject({ groupId: yard, name: 'Yard screen' });
    const other = await registerDevice(t.app);
    await api.post('terminal/updateTerminalOffice', f.a1, {
      pairingCode: other.pairingCode,
      officeId: f.offices.a1.id,
    });
    const removed = await form('terminalSet/removeTerminals', {
      terminalIds: `${device.terminalId},${other.terminalId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ removed: 2 });
  });

  it('keeps an office holding terminals from being deleted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apm-web/a/api/office/deleteOffice',
      headers: { cookie: f.admin },
      payload: { id: f.offices.a1Shop.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/terminal/);
  });
});
