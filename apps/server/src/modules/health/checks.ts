/** One dependency's answer: whether it is up and how long it took (ms), or why it is down. */
export interface CheckResult {
  ok: boolean;
  ms: number | null;
  error?: string;
}

/** What the health endpoint reports about this instance. */
export interface HealthReport {
  ok: boolean;
  instanceId: string;
  draining: boolean;
  /** `select 1` on the database. */
  database: CheckResult;
  /** `PING` to Redis; null when the instance runs alone (no `REDIS_URL`). */
  redis: CheckResult | null;
  /** The terminal bus's round trip (`ms` is the bus lag); in-process: 0. */
  bus: CheckResult;
  /** The names of the dependencies that are down (empty when `ok`). */
  down: string[];
}

/** What the checks run: each answers when its dependency does, and may hang when it hangs. */
export interface HealthProbes {
  instanceId: string;
  draining(): boolean;
  database(): Promise<unknown>;
  /** Null when there is no Redis to check. */
  redis: (() => Promise<unknown>) | null;
  /** Answers the bus lag in ms. */
  busRoundTripMs(): Promise<number>;
}

/** Runs `task` for at most `timeoutMs`: a hung dependency is a failed check, not a hung request. */
async function bounded<T>(task: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([task(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Times one check; `figure` turns its answer into the reported ms (default: the time it took). */
async function check<T>(
  task: () => Promise<T>,
  timeoutMs: number,
  figure?: (answer: T) => number,
): Promise<CheckResult> {
  const started = performance.now();
  try {
    const answer = await bounded(task, timeoutMs);
    const ms = figure ? figure(answer) : performance.now() - started;
    return { ok: true, ms: Math.round(ms * 10) / 10 };
  } catch (err) {
    return { ok: false, ms: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 200) };
  }
}

/** Checks the database, Redis and the bus at once, each within `timeoutMs`. */
export async function checkHealth(probes: HealthProbes, timeoutMs: number): Promise<HealthReport> {
  const [database, redis, bus] = await Promise.all([
    check(probes.database, timeoutMs),
    probes.redis ? check(probes.redis, timeoutMs) : Promise.resolve(null),
    check(probes.busRoundTripMs, timeoutMs, (lag) => lag),
  ]);
  const down = [
    ...(database.ok ? [] : ['database']),
    ...(redis && !redis.ok ? ['redis'] : []),
    ...(bus.ok ? [] : ['bus']),
  ];
  return {
    ok: down.length === 0,
    instanceId: probes.instanceId,
    draining: probes.draining(),
    database,
    redis,
    bus,
    down,
  };
}

/**
 * One check at a time: callers that come while one runs share its answer. A balancer or a monitor polling
 * every few seconds gets fresh figures; a flood of requests costs one query per round trip, not one each.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= task().finally(() => {
      running = null;
    });
    return running;
  };
}
