/**
 * A simulator process of the cluster benchmark: it holds a slice of the terminals (one process
 * cannot open more sockets than its open-files limit, 20 000 here) and answers the benchmark's
 * requests over the IPC channel (see `workers.ts` for the protocol). Terminals are spread over the
 * live instances round-robin by their global index; an instance reported dead is left out of the
 * choice, so its terminals reconnect to the survivors, as behind a load balancer.
 */
import { performance } from 'node:perf_hooks';
import type { CommandName } from '../../packages/contract/src/terminal-protocol.js';
import { Fleet, type Device } from '../simulator/fleet.js';
import { agent } from '../simulator/http.js';
import type { SimTerminal } from '../simulator/terminal.js';
import type { RoundStats, WorkerRequest, WorkerStats } from './workers.js';

/** First receipts and acks of commands since a round started (the benchmark's rounds never overlap). */
interface Tally {
  label: string;
  notifyAt: number;
  received: number;
  acked: number;
  failed: number;
  ids: Set<number>;
  firstReceivedAt: number;
  lastReceivedAt: number;
  lastAckedAt: number;
}

const epochMs = (at: number) => performance.timeOrigin + at;

/** The simulator's fleet, also counting the current round's commands. */
class ClusterFleet extends Fleet {
  tally: Tally | null = null;

  override command(t: SimTerminal, commandId: number, name: CommandName, at: number): void {
    super.command(t, commandId, name, at);
    const r = this.tally;
    if (!r) return;
    r.received++;
    // Sent from inside the burst of commands: a request for stats would wait behind it.
    if (r.received === r.notifyAt) process.send!({ id: -1, ok: true, event: 'threshold' });
    r.ids.add(commandId);
    r.firstReceivedAt ||= epochMs(at);
    r.lastReceivedAt = epochMs(at);
  }

  override acked(t: SimTerminal, commandId: number, ok: boolean, at: number): void {
    super.acked(t, commandId, ok, at);
    const r = this.tally;
    if (!r?.ids.has(commandId)) return;
    r.acked++;
    if (!ok) r.failed++;
    r.lastAckedAt = epochMs(at);
  }
}

let fleet: ClusterFleet | null = null;
let alive: string[] = [];
let offset = 0;
let acksAtReset = 0;

function stats(): WorkerStats {
  const f = fleet!;
  const byBase: Record<string, number> = {};
  for (const t of f.terminals) if (t.open) byBase[t.base] = (byBase[t.base] ?? 0) + 1;
  const cpu = process.cpuUsage();
  const { ids: _ids, notifyAt: _n, ...round } = f.tally ?? { ids: null, notifyAt: 0 };
  return {
    open: f.openCount,
    byBase,
    welcomes: f.welcomes,
    heartbeatAcks: f.heartbeatAcks - acksAtReset,
    latency: f.heartbeatLatency.summary(),
    round: f.tally ? (round as RoundStats) : null,
    delivery: f.deliveryStats(),
    closes: Object.fromEntries(f.closes),
    errors: Object.fromEntries(f.errors),
    manifests: Object.fromEntries(f.manifestStatus),
    cpuS: (cpu.user + cpu.system) / 1e6,
  };
}

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'start':
      alive = [...req.instances];
      offset = req.offset;
      fleet = new ClusterFleet(req.devices as Device[], {
        base: alive[0]!,
        chooseBase: (t) => alive[(offset + t.index) % alive.length]!,
        fetchManifest: req.fetchManifest,
        reconnect: req.reconnect,
        pace: true,
      });
      return null;
    case 'connect':
      return Object.fromEntries(await fleet!.connectAll(req.concurrency));
    case 'stats':
      return stats();
    case 'progress': {
      const { ids: _ids, notifyAt: _n, ...round } = fleet!.tally ?? { ids: null, notifyAt: 0 };
      const cpu = process.cpuUsage();
      return { round: fleet!.tally ? round : null, cpuS: (cpu.user + cpu.system) / 1e6 };
    }
    case 'resetHeartbeats':
      fleet!.heartbeatLatency.clear();
      acksAtReset = fleet!.heartbeatAcks;
      return null;
    case 'round':
      fleet!.tally = req.label
        ? {
            label: req.label,
            notifyAt: req.notifyAt ?? 0,
            received: 0,
            acked: 0,
            failed: 0,
            ids: new Set(),
            firstReceivedAt: 0,
            lastReceivedAt: 0,
            lastAckedAt: 0,
          }
        : null;
      return null;
    case 'dead': {
      // Left out before the kill, so that no reconnection picks it (a balancer's health check).
      alive = alive.filter((url) => url !== req.url);
      return fleet!.terminals.filter((t) => t.base === req.url).map((t) => t.terminalId);
    }
    case 'close':
      await fleet?.closeAll();
      fleet = null;
      return null;
  }
}

process.on('message', (msg: { id: number; req: WorkerRequest }) => {
  handle(msg.req).then(
    (data) => process.send!({ id: msg.id, ok: true, data }),
    (err: unknown) =>
      process.send!({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => {
  agent.destroy();
  process.exit(0);
});
process.send!({ id: 0, ok: true, data: 'up' });
