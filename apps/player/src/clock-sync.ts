/**
 * Clock discipline over the channel, NTP-style: the player sends `clockProbe {id, t0}` (its clock),
 * the server answers `clockEcho {id, t0, t1, t2}` (its clock when the probe arrived and when the
 * echo left), the player notes `t3` on arrival. Each round trip gives an offset (server minus
 * player) and a delay; the offset is taken from the round trips of least delay (queueing only ever
 * adds delay, so the quickest ones are the truest), and the drift of the player's clock from a
 * least-squares line through them. Synchronized playback starts scenes at agreed server instants.
 */

/** One round trip, all in ms: `t0`/`t3` on the player's clock, `t1`/`t2` on the server's. */
export interface ClockSample {
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

/** What the estimate says (reported in heartbeats as `clockSync`). */
export interface ClockSummary {
  /** Server clock minus player clock, ms. */
  offsetMs: number;
  /** Round-trip network delay of the best recent sample, ms. */
  delayMs: number;
  /** How fast the player's clock runs against the server's, parts per million (+: slow). */
  driftPpm: number;
  samples: number;
}

/** Offset and delay of one round trip. */
export function sampleOffset(s: ClockSample): { offset: number; delay: number; at: number } {
  return {
    offset: (s.t1 - s.t0 + (s.t2 - s.t3)) / 2,
    delay: s.t3 - s.t0 - (s.t2 - s.t1),
    at: (s.t0 + s.t3) / 2,
  };
}

/** Samples kept. */
const WINDOW = 64;
/** Of the last samples, how many the offset is chosen among (the least delayed wins). */
const RECENT = 16;
/** A quickest round trip above this (a busy page answers late) leaves the estimate unsettled. */
export const SETTLED_DELAY_MS = 20;
/** Drift beyond this (parts per million) is a fit gone wrong, not a clock: device clocks stay well within it. */
export const MAX_DRIFT_PPM = 200;

/** The running estimate of the server's clock. */
export class ClockEstimator {
  private readonly points: { offset: number; delay: number; at: number }[] = [];

  /** Adds a round trip (one with a negative delay — a clock stepped mid-way — is dropped). */
  add(sample: ClockSample): void {
    const point = sampleOffset(sample);
    if (!(point.delay >= 0) || !Number.isFinite(point.offset)) return;
    this.points.push(point);
    if (this.points.length > WINDOW) this.points.shift();
  }

  /** How many round trips are kept. */
  get size(): number {
    return this.points.length;
  }

  /** The least-delayed of the recent samples, or null before any. */
  private best() {
    const recent = this.points.slice(-RECENT);
    return recent.reduce<(typeof recent)[number] | null>(
      (a, b) => (a === null || b.delay < a.delay ? b : a),
      null,
    );
  }

  /**
   * Drift as a slope of offset over time, fitted through the better half of the samples (by delay),
   * in ms per ms; 0 until there are enough of them spread over at least ten seconds.
   */
  private slope(): number {
    if (this.points.length < 6) return 0;
    const sorted = [...this.points]
      .sort((a, b) => a.delay - b.delay)
      .slice(0, Math.ceil(this.points.length / 2));
    const span = Math.max(...sorted.map((p) => p.at)) - Math.min(...sorted.map((p) => p.at));
    if (span < 10_000) return 0;
    const n = sorted.length;
    const mx = sorted.reduce((s, p) => s + p.at, 0) / n;
    const my = sorted.reduce((s, p) => s + p.offset, 0) / n;
    let num = 0;
    let den = 0;
    for (const p of sorted) {
      num += (p.at - mx) * (p.offset - my);
      den += (p.at - mx) ** 2;
    }
    const slope = den > 0 ? num / den : 0;
    const max = MAX_DRIFT_PPM / 1e6;
    return Math.max(-max, Math.min(max, slope));
  }

  /**
   * Whether the estimate is good enough to probe only now and then: enough round trips, the quickest
   * of them quick (a page busy decoding video answers late, and its late answers skew the offset).
   */
  settled(): boolean {
    const best = this.best();
    return this.points.length >= RECENT && best !== null && best.delay <= SETTLED_DELAY_MS;
  }

  /** The server's clock at `local` (the player's clock), or null before any round trip. */
  serverTime(local: number): number | null {
    const best = this.best();
    if (!best) return null;
    return local + best.offset + this.slope() * (local - best.at);
  }

  /** The estimate for heartbeats, or null before any round trip. */
  summary(): ClockSummary | null {
    const best = this.best();
    if (!best) return null;
    return {
      offsetMs: Math.round(best.offset * 10) / 10,
      delayMs: Math.round(best.delay * 10) / 10,
      driftPpm: Math.round(this.slope() * 1e6 * 10) / 10,
      samples: this.points.length,
    };
  }
}
