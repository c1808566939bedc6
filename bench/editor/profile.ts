/** CPU profiles and Chrome traces of a piece of the run, summarised by what the page's main thread did. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { round } from './stats.js';

/** The part of a V8 CPU profile (CDP `Profiler.stop`) that the summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function (name, file) of a CPU profile, the `top` largest, in ms. */
function profileSummary(profile: CpuProfile, top = 15) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const [i, id] of profile.samples.entries()) {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url ? path.basename(new URL(frame.url, 'http://x/').pathname) : '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    totalMs: round(total),
    top: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: round(ms) })),
  };
}

/** The part of a Chrome trace event that the summary reads. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Self time by event name on the renderer's main thread of a Chrome trace (ms), the `top` largest. */
function traceSummary(buffer: Buffer, top = 12) {
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // A navigation may change renderer process: the busiest renderer main thread is the page's.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t: TraceEvent) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return [];
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; name: string; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const done = stack.pop()!;
      const dur = done.end - done.child;
      self.set(done.name, (self.get(done.name) ?? 0) + dur);
    }
  };
  for (const e of spans) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += e.dur!;
    // `child` starts at the span's start: the span's self time is end - (start + children).
    stack.push({ end: e.ts + e.dur!, name: e.name, child: e.ts });
  }
  close(Infinity);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: round(us / 1000) }));
}

/** Runs `work` under the CPU profiler and a Chrome trace of `page`; answers both summaries. */
export async function profiled(
  browser: Browser,
  page: Page,
  outDir: string,
  label: string,
  work: () => Promise<void>,
) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
  });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const trace = await browser.stopTracing();
  await cdp.detach();
  writeFileSync(path.join(outDir, `${label}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(path.join(outDir, `${label}.trace.json`), trace);
  return { cpu: profileSummary(profile), trace: traceSummary(trace) };
}
