import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Device } from '../simulator/fleet.js';

/** What the benchmark asks a simulator process (`worker.ts`). */
export type WorkerRequest =
  | {
      op: 'start';
      devices: Pick<Device, 'deviceId' | 'terminalId' | 'token'>[];
      /** Global index of the first device: terminals pick instances round-robin by it. */
      offset: number;
      instances: string[];
      fetchManifest: boolean;
      reconnect: boolean;
    }
  | { op: 'connect'; concurrency: number }
  | { op: 'stats' }
  /** The current round's counts and the CPU used: cheap enough to poll during a burst. */
  | { op: 'progress' }
  | { op: 'resetHeartbeats' }
  /**
   * Starts counting first receipts and acks under `label` (null stops); the worker reports the
   * moment its `notifyAt`-th receipt arrives (unasked: a busy worker answers requests late).
   */
  | { op: 'round'; label: string | null; notifyAt?: number }
  /** The instance is about to die: answers the terminal ids whose channel it holds. */
  | { op: 'dead'; url: string }
  | { op: 'close' };

/** A command round as one simulator process counted it (times in ms since the epoch; 0 = none). */
export interface RoundStats {
  label: string;
  received: number;
  acked: number;
  failed: number;
  firstReceivedAt: number;
  lastReceivedAt: number;
  lastAckedAt: number;
}

/** What a simulator process reports. */
export interface WorkerStats {
  open: number;
  /** Open channels by instance URL. */
  byBase: Record<string, number>;
  welcomes: number;
  /** Heartbeat acks since the last `resetHeartbeats`. */
  heartbeatAcks: number;
  latency: { count: number; p50: number; p99: number; max: number };
  round: RoundStats | null;
  delivery: {
    commandsExecuted: number;
    duplicateDeliveries: number;
    redeliveries: number;
    duplicateExecutions: number;
    reconnectsAsked: number;
  };
  closes: Record<string, number>;
  errors: Record<string, number>;
  manifests: Record<string, number>;
  cpuS: number;
}

/** One simulator process and its request channel. */
class Worker {
  private next = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly up: Promise<unknown>;
  /** Called when the worker reports that its current round reached `notifyAt` receipts. */
  onThreshold: () => void = () => {};

  constructor(readonly child: ChildProcess) {
    this.up = new Promise((resolve, reject) => this.waiting.set(0, { resolve, reject }));
    child.on(
      'message',
      (msg: { id: number; ok: boolean; data?: unknown; error?: string; event?: string }) => {
        if (msg.event === 'threshold') return this.onThreshold();
        const w = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        if (msg.ok) w?.resolve(msg.data);
        else w?.reject(new Error(msg.error));
      },
    );
    child.once('exit', (code, signal) => {
      for (const w of this.waiting.values()) w.reject(new Error(`simulator exited (${code ?? signal})`));
      this.waiting.clear();
    });
  }

  ask<T>(req: WorkerRequest): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, req });
    });
  }
}

/**
 * The simulator processes of a run: `count` of them, each started like this one (`tsx`) with the
 * open-files limit raised to the hard limit. Requests go to all of them; answers come in order.
 */
export class SimulatorPool {
  private constructor(private readonly workers: Worker[]) {}

  static async start(count: number): Promise<SimulatorPool> {
    const script = fileURLToPath(new URL('./worker.ts', import.meta.url));
    const workers = Array.from({ length: count }, () => {
      const child = spawn(
        'sh',
        ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...process.execArgv, script],
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
      );
      const killOnExit = () => child.kill('SIGKILL');
      process.once('exit', killOnExit);
      child.once('exit', () => process.off('exit', killOnExit));
      return new Worker(child);
    });
    await Promise.all(workers.map((w) => w.up));
    return new SimulatorPool(workers);
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends each worker its own request (`make(i)`), all at once. */
  each<T>(make: (i: number) => WorkerRequest): Promise<T[]> {
    return Promise.all(this.workers.map((w, i) => w.ask<T>(make(i))));
  }

  /** The same request to every worker. */
  all<T>(req: WorkerRequest): Promise<T[]> {
    return this.each<T>(() => req);
  }

  /** Resolves when the first worker reports its round's `notifyAt`-th receipt. */
  threshold(): Promise<void> {
    return new Promise((resolve) => {
      for (const w of this.workers) w.onThreshold = resolve;
    });
  }

  /** Every worker's stats, summed where they add up. */
  async stats() {
    const list = await this.all<WorkerStats>({ op: 'stats' });
    const sum = (pick: (s: WorkerStats) => number) => list.reduce((n, s) => n + pick(s), 0);
    const byBase: Record<string, number> = {};
    const merge = (into: Record<string, number>, from: Record<string, number>) => {
      for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
    };
    const closes: Record<string, number> = {};
    const errors: Record<string, number> = {};
    const manifests: Record<string, number> = {};
    for (const s of list) {
      merge(byBase, s.byBase);
      merge(closes, s.closes);
      merge(errors, s.errors);
      merge(manifests, s.manifests);
    }
    return {
      open: sum((s) => s.open),
      byBase,
      welcomes: sum((s) => s.welcomes),
      heartbeatAcks: sum((s) => s.heartbeatAcks),
      // Percentiles do not add up: the worst worker's.
      latency: {
        p50: Math.max(...list.map((s) => s.latency.p50)),
        p99: Math.max(...list.map((s) => s.latency.p99)),
      },
      round: sumRounds(list.map((s) => s.round)),
      delivery: {
        commandsExecuted: sum((s) => s.delivery.commandsExecuted),
        duplicateDeliveries: sum((s) => s.delivery.duplicateDeliveries),
        redeliveries: sum((s) => s.delivery.redeliveries),
        duplicateExecutions: sum((s) => s.delivery.duplicateExecutions),
        reconnectsAsked: sum((s) => s.delivery.reconnectsAsked),
      },
      closes,
      errors,
      manifests,
      cpuS: sum((s) => s.cpuS),
    };
  }

  /** The current round's counts over the processes, and their CPU seconds (see `progress` op). */
  async progress(): Promise<{ round: Omit<RoundStats, 'label' | 'firstReceivedAt'>; cpuS: number }> {
    const list = await this.all<{ round: RoundStats | null; cpuS: number }>({ op: 'progress' });
    return {
      round: sumRounds(list.map((s) => s.round)),
      cpuS: list.reduce((n, s) => n + s.cpuS, 0),
    };
  }

  /** Closes the fleets and ends the processes. */
  async stop(): Promise<void> {
    await this.all({ op: 'close' }).catch(() => {});
    for (const w of this.workers) w.child.disconnect();
  }
}

/** One round's counts over the processes (those counting it): totals, and the latest moments. */
function sumRounds(perProcess: (RoundStats | null)[]): Omit<RoundStats, 'label' | 'firstReceivedAt'> {
  const rounds = perProcess.filter((r): r is RoundStats => r !== null);
  const latest = (pick: (r: RoundStats) => number) => Math.max(0, ...rounds.map(pick));
  return {
    received: rounds.reduce((n, r) => n + r.received, 0),
    acked: rounds.reduce((n, r) => n + r.acked, 0),
    failed: rounds.reduce((n, r) => n + r.failed, 0),
    lastReceivedAt: latest((r) => r.lastReceivedAt),
    lastAckedAt: latest((r) => r.lastAckedAt),
  };
}
