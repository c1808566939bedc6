import type { ServerMessage } from '@apm/contract';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { offices, terminals } from '../../src/db/schema/index.js';
import { createTestApp, initSystem, type TestApp } from '../helpers/app.js';

/** A test app listening on a real port (the channel needs real sockets). */
export interface ListeningApp extends TestApp {
  base: string;
  wsUrl: (token: string) => string;
}

/** Builds an initialised app and listens on a free local port. */
export async function listeningApp(env: Record<string, string> = {}): Promise<ListeningApp> {
  const test = await createTestApp({ APM_TERMINAL_REGISTER_RATE_LIMIT: '1000', ...env });
  await initSystem(test.app);
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const wsBase = address.replace(/^http/, 'ws');
  return {
    ...test,
    base: address,
    wsUrl: (token) => `${wsBase}/apm-web/terminal/ws?token=${encodeURIComponent(token)}`,
  };
}

/** What `register` answered. */
export interface Registered {
  terminalId: number;
  token: string;
  state: 'pending' | 'claimed';
  pairingCode: string | null;
  name: string;
}

let devices = 0;

/** Registers a device through the API. */
export async function register(
  t: TestApp,
  deviceId = `device-${process.pid}-${++devices}`,
): Promise<Registered> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/apm-web/terminal/register',
    payload: { deviceId, platform: 'simulator', appVersion: '1.0.0', resolution: '1920x1080' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.json().data as Registered;
}

/** Claims a terminal as the console does (row, then `claimed` on the bus) into the first office. */
export async function claim(t: TestApp, terminalId: number): Promise<void> {
  const [office] = await t.db.select({ id: offices.id }).from(offices).limit(1);
  const [row] = await t.db
    .update(terminals)
    .set({
      state: 'claimed',
      pairingCode: null,
      officeId: office!.id,
      claimedAt: new Date(),
      name: `T${terminalId}`,
    })
    .where(eq(terminals.id, terminalId))
    .returning({ name: terminals.name, officeId: terminals.officeId });
  t.app.services.terminalBus.publish([
    { terminalId, message: { type: 'claimed', name: row!.name, officeId: row!.officeId!, groupId: null } },
  ]);
}

/** A status for heartbeats. */
export const STATUS = {
  playing: { kind: 'idle' },
  volume: 50,
  appVersion: '1.0.0',
  /** Now, at each heartbeat: a clock read once would drift past the clock-drift alarm's minute in a long file. */
  get clock() {
    return new Date().toISOString();
  },
  resolution: '1920x1080',
} as const;

/** A channel client that queues what the server sends and how it closed. */
export class ChannelClient {
  readonly socket: WebSocket;
  private readonly inbox: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;
  /** The welcome, once `connect` received it. */
  welcome: Extract<ServerMessage, { type: 'welcome' }> | null = null;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('error', () => {});
    this.socket.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()) as ServerMessage);
      this.wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  /** Sends a message (an object is sent as JSON, a string as is). */
  send(message: object | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message of a type (skipping others), failing after a timeout or when the channel closes. */
  async next<T extends ServerMessage['type']>(
    type: T,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.inbox.findIndex((m) => m.type === type);
      if (at >= 0) return this.inbox.splice(at, 1)[0] as Extract<ServerMessage, { type: T }>;
      if (this.closed)
        throw new Error(`closed ${this.closed.code} ${this.closed.reason} waiting for ${type}`);
      await this.wait(deadline, `waiting for ${type}`);
    }
  }

  /** Messages received and not taken yet. */
  pending(): ServerMessage[] {
    return [...this.inbox];
  }

  /** How the server closed the channel. */
  async closedWith(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) await this.wait(deadline, 'waiting for close');
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }

  private wait(deadline: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out ${what}`)),
        Math.max(0, deadline - Date.now()),
      );
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** Opens a channel and waits for its welcome. */
export async function connect(t: ListeningApp, token: string): Promise<ChannelClient> {
  const client = new ChannelClient(t.wsUrl(token));
  await client.opened;
  client.welcome = await client.next('welcome');
  return client;
}
