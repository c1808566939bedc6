import { PROGRAM_FORMAT_VERSION, type Manifest, type PlanEntry } from '@apm/contract';
import { resolveTimeline } from '@apm/schedule';
import { describe, expect, it } from 'vitest';
import { deviceZone, scheduleAt, scheduleInput } from '../src/schedule.js';

const program = (
  id: number,
  sceneMs: number,
  extra: Partial<Manifest['programs'][number]> = {},
): Manifest['programs'][number] => ({
  id,
  name: `P${id}`,
  revision: 1,
  sort: id,
  materials: [],
  document: {
    formatVersion: PROGRAM_FORMAT_VERSION,
    name: `P${id}`,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [{ main: true, durationMs: sceneMs }],
  } as unknown as Manifest['programs'][number]['document'],
  ...extra,
});

const entry = (fields: Partial<PlanEntry> & Pick<PlanEntry, 'id'>): PlanEntry => ({
  name: '',
  kind: 'normal',
  priority: 5,
  items: [{ programId: 1 }],
  startDate: '2026-01-01',
  endDate: null,
  weekdays: [],
  rrule: null,
  exdates: [],
  rdates: [],
  windows: [],
  everyMinutes: null,
  perHour: null,
  ...fields,
});

const manifest = (programs: Manifest['programs'], plans: Manifest['plans'], timeZone?: string): Manifest => ({
  version: 'v',
  generatedAt: '2026-05-01T00:00:00Z',
  terminal: { id: 1, name: 'T', settings: {}, timeZone },
  programs,
  plans,
  messages: [],
  strategies: [],
});

describe('scheduleAt', () => {
  const plans: Manifest['plans'] = [
    {
      id: 4,
      name: 'Day',
      revision: 1,
      document: {
        defaultProgramId: 3,
        entries: [
          entry({ id: 'm', items: [{ programId: 1 }], windows: [{ start: '09:00', end: '12:00' }] }),
          entry({ id: 'a', items: [{ programId: 2 }], windows: [{ start: '12:00', end: '18:00' }] }),
        ],
      },
    },
  ];
  const m = manifest(
    [program(1, 10_000), program(2, 10_000, { published: false }), program(3, 5_000, { published: false })],
    plans,
    'Asia/Shanghai',
  );

  it('plays the plan segment of now, in the terminal zone, and looks again at its end', () => {
    const now = Date.parse('2026-05-01T03:59:00Z'); // 11:59 in Shanghai
    const next = scheduleAt(m, now);
    expect(next.programs.map((p) => p.id)).toEqual([1]);
    expect(next.until).toBe(Date.parse('2026-05-01T04:00:00Z'));
    expect(scheduleAt(m, next.until).programs.map((p) => p.id)).toEqual([2]);
    expect(scheduleAt(m, Date.parse('2026-05-01T11:00:00Z')).segment?.kind).toBe('default');
  });

  it('decides exactly as the server timeline does from the same manifest', () => {
    const from = Date.parse('2026-05-01T00:00:00Z');
    const timeline = resolveTimeline(scheduleInput(m, from, from + 86_400_000));
    expect(timeline.length).toBeGreaterThan(1000);
    for (const segment of timeline.filter((_, i) => i % 40 === 0)) {
      const mid = segment.start + Math.floor((segment.end - segment.start) / 2);
      expect(scheduleAt(m, mid).segment?.programId).toBe(segment.programId);
    }
  });

  it('without plans plays the published programs inside their windows, not plan-only ones', () => {
    const plain = manifest(
      [
        program(1, 1000),
        program(2, 1000, { startAt: '2030-01-01T00:00:00Z' }),
        program(3, 1000, { published: false }),
      ],
      [],
    );
    expect(scheduleAt(plain, Date.parse('2026-05-01T00:00:00Z')).programs.map((p) => p.id)).toEqual([1]);
  });

  it('reads windows in the device zone when the manifest names none or an unknown one', () => {
    const zoneOf = (m: Manifest) => scheduleInput(m, 0, 1).timeZone;
    expect(zoneOf(manifest([], []))).toBe(deviceZone());
    expect(zoneOf(manifest([], [], 'Mars/Olympus'))).toBe(deviceZone());
    expect(zoneOf(manifest([], [], 'Europe/Berlin'))).toBe('Europe/Berlin');
  });
});
