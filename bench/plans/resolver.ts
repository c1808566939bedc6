/**
 * `npm run bench:plans`: the schedule resolver alone — 7 days of one terminal with 50 plans of 10
 * entries (500 entries), against a plain JSON round trip (stringify + parse) of an answer of the
 * same size in the same run.
 */
import { resolveTimeline, segmentToIso } from '@apm/schedule';
import { generatePlans, programLengths } from './generate.js';

const RUNS = Number(process.env.RUNS ?? 30);
const plans = generatePlans(50, 10, 40);
const programMs = programLengths(40);
const from = Date.parse('2026-11-30T00:00:00Z');
const to = from + 7 * 86_400_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time<T>(fn: () => T): [number, T] {
  const start = performance.now();
  const value = fn();
  return [performance.now() - start, value];
}

const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Shanghai'];
const rows: string[] = [];
for (const timeZone of zones) {
  const resolve = () => resolveTimeline({ plans, programMs, timeZone, from, to }).map(segmentToIso);
  resolve(); // warm-up: module and zone caches, JIT
  const samples: number[] = [];
  const baseline: number[] = [];
  let segments = resolve();
  // Apart, so that neither pays for the other's garbage.
  for (let i = 0; i < RUNS; i++) {
    const [ms, value] = time(resolve);
    samples.push(ms);
    segments = value;
  }
  for (let i = 0; i < RUNS; i++) {
    const [json] = time(() => JSON.parse(JSON.stringify({ code: 0, data: { segments } })));
    baseline.push(json);
  }
  const bytes = JSON.stringify(segments).length;
  const m = median(samples);
  const b = median(baseline);
  rows.push(
    `| ${timeZone} | ${segments.length} | ${(bytes / 1024).toFixed(0)} KiB | ${m.toFixed(1)} ms | ${Math.max(...samples).toFixed(1)} ms | ${b.toFixed(1)} ms | ${(m / b).toFixed(1)}× |`,
  );
}
console.log('| Zone | Segments (7 days) | JSON | Resolve median | max | JSON round trip | Ratio |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
