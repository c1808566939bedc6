/**
 * The rows of the synthetic proof-of-play history (see dataset.ts): play events in COPY text format,
 * generated terminal by terminal and day by day, with the online periods and head counts beside them.
 */
import { copyRow } from './copy.js';

/** The columns of `play_events` the rows fill, in order. */
export const PLAY_COLUMNS = [
  'terminal_id',
  'event_id',
  'kind',
  'office_id',
  'program_id',
  'program_name',
  'scene_id',
  'message_id',
  'message_name',
  'material_id',
  'material_name',
  'widget_type',
  'widget_id',
  'started_at',
  'duration_ms',
  'received_at',
];
/** The widget types of the widget events. */
export const WIDGET_TYPES = ['clock', 'weather', 'button', 'qrcode', 'video', 'image'];
const CHUNK = 50_000;
export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** A small deterministic generator (mulberry32): the same seed loads the same history. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A customer's programs, materials and messages (ids and names). */
export interface Catalogue {
  programs: { id: number; name: string }[];
  materials: { id: number; name: string }[];
  messages: { id: number; name: string }[];
}

/** The fleet the rows are generated for. */
export interface Fleet {
  officeIds: number[];
  catalogues: Catalogue[];
  terminals: { id: number; office_id: number }[];
}

/** What shapes the history (see `StatsDatasetOptions`). */
export interface RowOptions {
  officesPerCustomer: number;
  days: number;
  openHour: number;
  closeHour: number;
  playEveryMinutes: number;
}

/**
 * The play events of one terminal's day (COPY rows), its online periods and head counts; without
 * `events`, only the periods and head counts (the events come from `generatePlayEventsInSql`).
 */
export function* terminalDays(
  fleet: Fleet,
  o: RowOptions,
  from: number,
  rand: () => number,
  sink: { periods: string[]; heads: string[] },
  events = true,
): Generator<string> {
  const perCustomer = o.officesPerCustomer;
  for (const [index, terminal] of fleet.terminals.entries()) {
    const catalogue =
      fleet.catalogues[Math.floor(fleet.officeIds.indexOf(terminal.office_id) / perCustomer)]!;
    const camera = index % 4 === 0;
    for (let day = 0; day < o.days; day++) {
      const open = from + day * DAY + o.openHour * 3_600_000;
      const close = from + day * DAY + o.closeHour * 3_600_000;
      const on = open - 5 * MINUTE - Math.floor(rand() * 10 * MINUTE);
      const off = close + 5 * MINUTE + Math.floor(rand() * 10 * MINUTE);
      const iso = (ms: number) => new Date(ms).toISOString();
      if ((terminal.id + day) % 7 === 0) {
        const gap = open + Math.floor((close - open) / 2);
        sink.periods.push(
          copyRow([terminal.id, iso(on), iso(gap)]),
          copyRow([terminal.id, iso(gap + 20 * MINUTE), iso(off)]),
        );
      } else sink.periods.push(copyRow([terminal.id, iso(on), iso(off)]));
      if (camera)
        for (let at = open; at < close; at += 15 * MINUTE)
          sink.heads.push(
            copyRow([
              terminal.id,
              `h-${day}-${at}`,
              iso(at),
              900,
              Math.floor(rand() * 25 + (rand() < 0.2 ? 30 : 0)),
              terminal.office_id,
            ]),
          );
      if (!events) continue;
      let n = 0;
      for (let at = open + Math.floor(rand() * o.playEveryMinutes * MINUTE); at < close; n++) {
        const duration = 30_000 + Math.floor(rand() * 150_000);
        const program = catalogue.programs[Math.floor(rand() * catalogue.programs.length)]!;
        const material = catalogue.materials[Math.floor(rand() * catalogue.materials.length)]!;
        const id = (k: string) => `${day}-${n}-${k}`;
        const base = (k: string, kind: string) => [terminal.id, id(k), kind, terminal.office_id];
        const end = (ms: number) => [iso(at), ms, iso(at + ms + 2000)];
        yield copyRow([
          ...base('p', 'program'),
          program.id,
          program.name,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          ...end(duration),
        ]);
        yield copyRow([
          ...base('s', 'scene'),
          program.id,
          program.name,
          `s${1 + (n % 3)}`,
          null,
          null,
          null,
          null,
          null,
          null,
          ...end(duration),
        ]);
        const shown = Math.min(duration, 10_000 + Math.floor(rand() * 20_000));
        yield copyRow([
          ...base('m', 'material'),
          program.id,
          program.name,
          null,
          null,
          null,
          material.id,
          material.name,
          null,
          null,
          ...end(shown),
        ]);
        if (n % 10 === 0) {
          const widgetType = WIDGET_TYPES[Math.floor(rand() * WIDGET_TYPES.length)]!;
          yield copyRow([
            ...base('w', 'widget'),
            program.id,
            program.name,
            null,
            null,
            null,
            null,
            null,
            widgetType,
            null,
            ...end(duration),
          ]);
        }
        if (n % 25 === 0)
          yield copyRow([
            ...base('c', 'click'),
            program.id,
            program.name,
            null,
            null,
            null,
            null,
            null,
            'button',
            'btn-1',
            ...end(0),
          ]);
        if (n % 30 === 0) {
          const message = catalogue.messages[Math.floor(rand() * catalogue.messages.length)]!;
          yield copyRow([
            ...base('g', 'message'),
            null,
            null,
            null,
            message.id,
            message.name,
            null,
            null,
            null,
            null,
            ...end(15_000),
          ]);
        }
        at += Math.floor(o.playEveryMinutes * MINUTE * (0.5 + rand()));
      }
    }
  }
}

/** Groups lines into chunks for COPY. */
export function* chunked(lines: Iterable<string>, size = CHUNK): Generator<string[]> {
  let chunk: string[] = [];
  for (const line of lines) {
    chunk.push(line);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}
