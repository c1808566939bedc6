/** Stand-in terminals of the fail-over test: protocol-true channels that count what they receive and run. */
import type { ServerMessage } from '@apm/contract';
import WebSocket from 'ws';
import { apiCall } from '../support/api.js';

type Ack = { type: 'ack'; commandId: number; ok: true; result: Record<string, unknown> };

/**
 * A terminal that behaves as the web player does with commands: each id is carried out at most once (an ack
 * log by id; a command sent again is answered from the log), and after a lost channel it comes back, through
 * `reconnectUrl`, after a short random delay (or the one a `reconnect` message named).
 */
export class StandInTerminal {
  /** How many times each command id arrived, and how many times it was carried out. */
  readonly deliveries = new Map<number, number>();
  readonly executions = new Map<number, number>();
  /** Welcomes received (one per channel opened), and the URL of each. */
  readonly channels: string[] = [];
  /** The delays `reconnect` messages named, and the close codes of the channels that ended. */
  readonly reconnects: number[] = [];
  readonly closeCodes: number[] = [];
  volume = 50;
  private readonly acks = new Map<number, Ack>();
  private ws: WebSocket | null = null;
  private stopped = false;
  private afterMs: number | null = null;

  constructor(
    readonly terminalId: number,
    private readonly token: string,
    private readonly reconnectUrl: string,
  ) {}

  /** Whether the channel is open and welcomed. */
  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN && this.channels.length > 0;
  }

  /** Opens the channel on `base`; resolves on `welcome`. */
  connect(base: string): Promise<void> {
    const ws = new WebSocket(
      `${base.replace(/^http/, 'ws')}/apm-web/terminal/ws?token=${encodeURIComponent(this.token)}`,
    );
    this.ws = ws;
    return new Promise((resolve, reject) => {
      let welcomed = false;
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (message.type === 'welcome') {
          welcomed = true;
          this.channels.push(base);
          this.heartbeat(ws);
          resolve();
        } else if (message.type === 'reconnect') {
          this.afterMs = message.afterMs;
          this.reconnects.push(message.afterMs);
        } else if (message.type === 'command') {
          this.receive(ws, message.commandId, message.params);
        }
      });
      ws.on('error', (err) => {
        if (!welcomed) reject(err);
      });
      ws.on('close', (code) => {
        if (!welcomed) reject(new Error(`channel closed before welcome: ${code}`));
        else this.closeCodes.push(code);
        if (this.ws === ws && !this.stopped) this.comeBack();
      });
    });
  }

  /** Closes the channel for good. */
  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }

  private comeBack(): void {
    const delay = this.afterMs ?? 200 + Math.random() * 800;
    this.afterMs = null;
    setTimeout(() => {
      if (this.stopped) return;
      this.connect(this.reconnectUrl).catch(() => {
        if (!this.stopped && this.ws?.readyState !== WebSocket.OPEN) this.comeBack();
      });
    }, delay);
  }

  private heartbeat(ws: WebSocket): void {
    const status = {
      playing: { kind: 'idle' },
      volume: this.volume,
      appVersion: 'stand-in-1.0.0',
      clock: new Date().toISOString(),
      resolution: '1920x1080',
    };
    ws.send(JSON.stringify({ type: 'heartbeat', seq: this.channels.length, status }));
  }

  private receive(ws: WebSocket, commandId: number, params: Record<string, unknown>): void {
    this.deliveries.set(commandId, (this.deliveries.get(commandId) ?? 0) + 1);
    let ack = this.acks.get(commandId);
    if (!ack) {
      this.executions.set(commandId, (this.executions.get(commandId) ?? 0) + 1);
      if (typeof params.volume === 'number') this.volume = params.volume;
      ack = { type: 'ack', commandId, ok: true, result: { volume: this.volume } };
      this.acks.set(commandId, ack);
    }
    // The ack goes on the channel the command came on; if that one is gone, the command comes again.
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(ack));
  }
}

/** Registers a device and claims it into `officeId` through the console API of `base`; answers id and token. */
export async function registerClaimed(
  base: string,
  cookie: string,
  officeId: number,
  name: string,
): Promise<{ terminalId: number; token: string }> {
  const res = await fetch(`${base}/apm-web/terminal/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      deviceId: `standin-${Math.random().toString(36).slice(2, 12)}`,
      name,
      platform: 'simulator',
      appVersion: 'stand-in-1.0.0',
      resolution: '1920x1080',
    }),
  });
  if (res.status !== 200) throw new Error(`register failed (${res.status}): ${await res.text()}`);
  const device = ((await res.json()) as { data: { terminalId: number; token: string; pairingCode: string } })
    .data;
  await apiCall(base, cookie, '/a/api/terminal/updateTerminalOffice', {
    pairingCode: device.pairingCode,
    officeId,
    name,
  });
  return { terminalId: device.terminalId, token: device.token };
}
