import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, connect, listeningApp, register, STATUS, type ListeningApp } from './channel-client.js';

describe('graded terminal health', () => {
  let t: ListeningApp;

  // Offline after 6 s of silence: terminals are asked to beat every 2 s, late after 3 s.
  beforeAll(async () => {
    t = await listeningApp({ APM_TERMINAL_OFFLINE_SECONDS: '6' });
  });
  afterAll(() => t.close());

  it('tells terminals the heartbeat interval of the threshold and grades them online, late, then offline', async () => {
    const reg = await register(t);
    await claim(t, reg.terminalId);
    const client = await connect(t, reg.token);
    expect(client.welcome).toMatchObject({ heartbeatSeconds: 2 });
    client.send({ type: 'heartbeat', seq: 1, status: STATUS });
    await client.next('heartbeatAck');
    const presence = t.app.services.terminalPresence;
    const health = async () => (await presence.liveStatus([reg.terminalId]))[0]!.health;
    expect(await health()).toBe('online');
    await new Promise((r) => setTimeout(r, 3500));
    expect(await health()).toBe('late');
    client.send({ type: 'heartbeat', seq: 2, status: STATUS });
    await client.next('heartbeatAck');
    expect(await health()).toBe('online');
    await client.closedWith(15_000);
    expect(await health()).toBe('offline');
  });
});

describe('clock round trips', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  it('echoes a clock probe at once with when it arrived and when the echo left, on the server’s clock', async () => {
    const reg = await register(t);
    const client = await connect(t, reg.token);
    const t0 = Date.now();
    client.send({ type: 'clockProbe', id: 7, t0 });
    const echo = (await client.next('clockEcho')) as { id: number; t0: number; t1: number; t2: number };
    const t3 = Date.now();
    expect(echo).toMatchObject({ id: 7, t0 });
    expect(echo.t2).toBeGreaterThanOrEqual(echo.t1);
    // Same machine: the server's clock agrees with ours within the round trip.
    expect(echo.t1).toBeGreaterThanOrEqual(t0 - 5);
    expect(echo.t2).toBeLessThanOrEqual(t3 + 5);
    client.send({ type: 'clockProbe', id: -1, t0 });
    await client.closedWith(5000);
    client.close();
  });
});
