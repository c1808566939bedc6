/**
 * Phases of a benchmark run on the monotonic clock, and a summary of a V8 `.cpuprofile` (the
 * server's `--cpu-prof`) per phase: self time by function and by package. V8 stamps samples with
 * the same monotonic clock as `process.hrtime`, so the client's phase marks slice the server's profile.
 *
 * Usage: npx tsx simulator/profile.ts <file.cpuprofile> [phases.json] [top]
 */
import { readFileSync } from 'node:fs';

/** A named span on the monotonic clock, in microseconds. */
export interface Phase {
  name: string;
  startUs: number;
  endUs: number;
}

/** Now on the monotonic clock (µs), comparable with V8 profile timestamps of any process. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Records phases: `const end = phases.start('connect'); ...; end();`. */
export class PhaseLog {
  readonly phases: Phase[] = [];

  start(name: string): () => void {
    const phase = { name, startUs: monotonicUs(), endUs: NaN };
    this.phases.push(phase);
    return () => void (phase.endUs = monotonicUs());
  }
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time (µs) by function and by package of the samples within [fromUs, toUs), and inclusive
 * time (the function or anything it called) of the server's own functions.
 */
export function summarise(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs || at >= toUs) continue;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    const url = (frame.url || '(native)')
      .replace(/^file:\/\/.*\/dist\/main\.js$/, 'server')
      .replace(/.*node_modules\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + delta);
    const scoped = url.startsWith('@') ? url.split('/').slice(0, 2).join('/') : url.split('/')[0]!;
    pkg.set(scoped, (pkg.get(scoped) ?? 0) + delta);
    total += delta;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (!/\/dist\/main\.js$/.test(f.url)) continue;
      const k = `${f.functionName || '(anonymous)'} server:${f.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + delta);
    }
  }
  return { total, fn, pkg, inclusive };
}

function print(title: string, s: ReturnType<typeof summarise>, top: number): void {
  const line = ([k, us]: [string, number]) =>
    `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / (s.total || 1)).toFixed(1).padStart(5)} %  ${k}`;
  const table = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(line)
      .join('\n');
  console.log(`\n== ${title}: ${(s.total / 1e6).toFixed(1)} s sampled`);
  console.log(table(s.pkg, 12));
  console.log('-- functions (self)');
  console.log(table(s.fn, top));
  console.log('-- server functions (inclusive)');
  console.log(table(s.inclusive, top));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [file, phasesFile, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile.ts <file.cpuprofile> [phases.json] [top]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const phases = phasesFile ? (JSON.parse(readFileSync(phasesFile, 'utf8')) as Phase[]) : [];
  print('whole run', summarise(profile), Number(top));
  for (const p of phases) print(p.name, summarise(profile, p.startUs, p.endUs), Number(top));
}
