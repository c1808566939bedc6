/** Latency samples in milliseconds, with percentiles; grows without per-sample objects. */
export class Samples {
  private values = new Float64Array(1024);
  private size = 0;

  add(ms: number): void {
    if (this.size === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.size++] = ms;
  }

  get count(): number {
    return this.size;
  }

  /** The p-th percentile (0..100), nearest rank; NaN when empty. */
  percentile(p: number): number {
    return this.percentiles([p])[0]!;
  }

  /** Several percentiles (0..100, nearest rank) from one sort; NaN when empty. */
  percentiles(ps: readonly number[]): number[] {
    if (this.size === 0) return ps.map(() => NaN);
    const sorted = this.values.slice(0, this.size).sort();
    return ps.map((p) => sorted[Math.min(this.size - 1, Math.max(0, Math.ceil((p / 100) * this.size) - 1))]!);
  }

  /** p50, p99 and max, rounded to 0.1 ms. */
  summary(): { count: number; p50: number; p99: number; max: number } {
    const round = (x: number) => Math.round(x * 10) / 10;
    const [p50, p99, max] = this.percentiles([50, 99, 100]).map(round);
    return { count: this.size, p50: p50!, p99: p99!, max: max! };
  }

  clear(): void {
    this.size = 0;
  }
}

/** Runs `task` over `items` with at most `limit` running at once; answers results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, i: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status); NaN when unreadable. */
export async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const m = /VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS every `everyMs` and keeps the peak. */
export function watchRss(pid: number, everyMs = 250) {
  let peak = 0;
  let last = NaN;
  const timer = setInterval(() => {
    void rssMiB(pid).then((v) => {
      if (!Number.isNaN(v)) {
        last = v;
        peak = Math.max(peak, v);
      }
    });
  }, everyMs);
  timer.unref();
  return {
    get peak() {
      return peak;
    },
    get last() {
      return last;
    },
    /** Forgets the peak so far (start of a phase). */
    reset() {
      peak = Number.isNaN(last) ? 0 : last;
    },
    stop: () => clearInterval(timer),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * CPU time (user + system, seconds) a process has used so far, from /proc/<pid>/stat; NaN when
 * unreadable. On a shared machine a phase's CPU seconds per operation say more than its wall time.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Linux's USER_HZ (sysconf(_SC_CLK_TCK)), 100 on every common architecture. */
const CLOCK_TICKS = 100;

/** Measures a process's CPU seconds over a span: `const cpu = await cpuSpan(pid); ...; await cpu.end()`. */
export async function cpuSpan(pid: number) {
  const start = await cpuSeconds(pid);
  return { end: async () => (await cpuSeconds(pid)) - start };
}
