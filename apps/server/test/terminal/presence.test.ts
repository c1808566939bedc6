import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalAlarms, terminals } from '../../src/db/schema/index.js';
import { claim, connect, listeningApp, register, STATUS, type ListeningApp } from './channel-client.js';

describe('terminal presence', () => {
  let t: ListeningApp;

  beforeAll(async () => {
    // Five seconds: on a loaded CI machine (two test files at once on two cores, PGlite in the same
    // thread) the event loop stalled long enough for a two-second threshold to sweep live terminals.
    t = await listeningApp({ APM_TERMINAL_OFFLINE_SECONDS: '5' });
  });
  afterAll(() => t.close());

  /**
   * Heartbeats every 300 ms until stopped, as a live terminal sends them: the assertions that follow
   * may take longer than the offline threshold on a loaded machine without the terminal going silent.
   */
  const keepAlive = (client: { send(message: object): void }) => {
    let seq = 100;
    const timer = setInterval(() => client.send({ type: 'heartbeat', seq: seq++, status: STATUS }), 300);
    return () => clearInterval(timer);
  };

  const alarmsOf = (id: number) =>
    t.db.select().from(abnormalAlarms).where(eq(abnormalAlarms.terminalId, id));

  it('marks a silent terminal offline, closes its channel, raises one offline alarm and ends it on return', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const presence = t.app.services.terminalPresence;
    const client = await connect(t, reg.token);
    expect(presence.onlineCount([reg.terminalId, 999])).toBe(1);
    // No heartbeats: after the threshold's silence the sweep takes it offline and drops the channel.
    await client.closedWith(15_000);
    expect(presence.isOnline(reg.terminalId)).toBe(false);
    await presence.flush();
    let alarms = await alarmsOf(reg.terminalId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ type: 'offline', endedAt: null });
    const [office] = await t.db
      .select({ officeId: terminals.officeId })
      .from(terminals)
      .where(eq(terminals.id, reg.terminalId));
    expect(alarms[0]!.officeId).toBe(office!.officeId);
    // Still silent: no second alarm.
    await new Promise((r) => setTimeout(r, 5500));
    await presence.flush();
    expect(await alarmsOf(reg.terminalId)).toHaveLength(1);

    const back = await connect(t, reg.token);
    back.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await back.next('heartbeatAck');
    const stop = keepAlive(back);
    expect(presence.isOnline(reg.terminalId)).toBe(true);
    await presence.flush();
    alarms = await alarmsOf(reg.terminalId);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.endedAt).not.toBeNull();
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, reg.terminalId));
    expect(row!.online).toBe(true);
    stop();
    back.close();
  });

  it('keeps a terminal that heartbeats online and raises no alarm for pending terminals', async () => {
    const claimed = await register(t);
    await claim(t, claimed.terminalId);
    const pending = await register(t);
    const a = await connect(t, claimed.token);
    const p = await connect(t, pending.token);
    for (let seq = 0; seq < 6; seq++) {
      a.send({ type: 'heartbeat', seq, status: STATUS });
      await a.next('heartbeatAck');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(t.app.services.terminalPresence.isOnline(claimed.terminalId)).toBe(true);
    expect(a.closed).toBeNull();
    // The claimed terminal goes on beating while the silent pending one is swept.
    const stop = keepAlive(a);
    await p.closedWith(15_000);
    await t.app.services.terminalPresence.flush();
    expect(await alarmsOf(claimed.terminalId)).toHaveLength(0);
    expect(await alarmsOf(pending.terminalId)).toHaveLength(0);
    stop();
    a.close();
  });

  it('writes connected terminals offline, with their last status, when the server stops', async () => {
    const other = await listeningApp();
    try {
      const reg = await register(other);
      await claim(other, reg.terminalId);
      const client = await connect(other, reg.token);
      client.send({ type: 'heartbeat', seq: 1, status: { ...STATUS, volume: 71 } });
      await client.next('heartbeatAck');
      await other.app.close();
      const [row] = await other.db.select().from(terminals).where(eq(terminals.id, reg.terminalId));
      expect(row).toMatchObject({ online: false, onlineSince: null });
      expect((row!.status as { volume: number }).volume).toBe(71);
      expect(row!.lastSeenAt).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('loads presence the database kept when the server starts', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    await t.app.services.terminalPresence.flush();
    const [row] = await t.db.select().from(terminals).where(eq(terminals.id, reg.terminalId));
    const { TerminalPresence } = await import('../../src/terminal/presence.js');
    const fresh = new TerminalPresence(t.db, { offlineSeconds: 60 });
    await fresh.start(t.app.log);
    try {
      const [live] = await fresh.liveStatus([reg.terminalId]);
      expect(live!.online).toBe(true);
      expect(live!.lastSeenAt).toBe(row!.lastSeenAt!.toISOString());
    } finally {
      await fresh.stop();
    }
    client.close();
  });
});
