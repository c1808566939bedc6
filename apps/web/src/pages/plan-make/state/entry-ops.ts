import { WEEKDAY_CODES, type PlanDocument, type PlanEntry, type WeekdayCode } from '@apm/contract';

/**
 * Operations on a plan document's entries. Pure: each answers a new document (or the same one when
 * nothing changes), never touching the one it was given.
 */

/** Priority of a new entry: the middle of 1–9, so others can go above and below it. */
export const DEFAULT_PRIORITY = 5;

/** An id not used by any entry of the document (`e1`, `e2`, …). */
export function nextEntryId(document: PlanDocument): string {
  let max = 0;
  for (const entry of document.entries) {
    const n = /^e(\d+)$/.exec(entry.id)?.[1];
    if (n) max = Math.max(max, Number(n));
  }
  return `e${max + 1}`;
}

/**
 * A new entry: normal, priority 5, from `today` with no end, every day, all day, no recurrence; it
 * plays `programId` when one is given (else the entry needs a program before it can be saved).
 */
export function newEntry(id: string, today: string, programId?: number | null): PlanEntry {
  return {
    id,
    name: '',
    kind: 'normal',
    priority: DEFAULT_PRIORITY,
    items: programId ? [{ programId }] : [],
    startDate: today,
    endDate: null,
    weekdays: [],
    rrule: null,
    exdates: [],
    rdates: [],
    windows: [],
    everyMinutes: null,
    perHour: null,
  };
}

/** The document with `entry` added at the end. */
export const addEntry = (document: PlanDocument, entry: PlanEntry): PlanDocument => ({
  ...document,
  entries: [...document.entries, entry],
});

/** The document without the entry `id`. */
export function removeEntry(document: PlanDocument, id: string): PlanDocument {
  const entries = document.entries.filter((e) => e.id !== id);
  return entries.length === document.entries.length ? document : { ...document, entries };
}

/** The document with a copy of entry `id` (a new id) right after it, and the copy's id. */
export function duplicateEntry(document: PlanDocument, id: string): [PlanDocument, string | null] {
  const index = document.entries.findIndex((e) => e.id === id);
  if (index < 0) return [document, null];
  const copyId = nextEntryId(document);
  const entries = [...document.entries];
  entries.splice(index + 1, 0, { ...structuredClone(entries[index]!), id: copyId });
  return [{ ...document, entries }, copyId];
}

/** The document with the entry at `from` moved to `to` (list order is rotation and tie order). */
export function moveEntry(document: PlanDocument, from: number, to: number): PlanDocument {
  const n = document.entries.length;
  if (from === to || from < 0 || from >= n || to < 0 || to >= n) return document;
  const entries = [...document.entries];
  const [moved] = entries.splice(from, 1);
  entries.splice(to, 0, moved!);
  return { ...document, entries };
}

/** Fields an edit may change (not the id). */
export type EntryPatch = Partial<Omit<PlanEntry, 'id'>>;

/** The document with entry `id` changed by `patch`; an interrupt without a rate gets one every 10 minutes. */
export function updateEntry(document: PlanDocument, id: string, patch: EntryPatch): PlanDocument {
  let changed = false;
  const entries = document.entries.map((entry) => {
    if (entry.id !== id) return entry;
    changed = true;
    const next = { ...entry, ...patch };
    if (next.kind === 'interrupt' && !next.everyMinutes && !next.perHour) next.everyMinutes = 10;
    if (next.weekdays !== entry.weekdays) next.weekdays = sortDays(next.weekdays);
    return next;
  });
  return changed ? { ...document, entries } : document;
}

/** Days in Monday-first order without repeats. */
export const sortDays = (days: readonly WeekdayCode[]): WeekdayCode[] =>
  WEEKDAY_CODES.filter((d) => days.includes(d));

/** What {@link copyDay} did. */
export interface CopyDayResult {
  document: PlanDocument;
  /** Entries now also playing on the target days. */
  copied: string[];
  /** Entries playing on the source day by a recurrence that does not name days of the week (left alone). */
  skipped: string[];
}

/** Plain `BYDAY` codes of a weekly RRULE (`MO,WE`), or null when it has none or numbered ones. */
function plainByDay(rrule: string): WeekdayCode[] | null {
  const value = /(?:^|;)BYDAY=([^;]+)/i.exec(rrule)?.[1]?.toUpperCase();
  if (!value) return null;
  const days = value.split(',');
  return days.every((d) => (WEEKDAY_CODES as readonly string[]).includes(d)) ? (days as WeekdayCode[]) : null;
}

/**
 * Copies day `from`'s schedule to the days `to`. An entry's windows are the same on each of its days, so
 * copying a day means letting every entry that plays on `from` by its days of the week also play on
 * the target days: their `weekdays` (and a weekly RRULE's plain `BYDAY`) gain them. Entries playing
 * every day already play there; entries whose recurrence picks days otherwise (e.g. the 2nd Monday
 * of the month) are skipped and reported. What the target days had stays (copying adds, never deletes).
 */
export function copyDay(
  document: PlanDocument,
  from: WeekdayCode,
  to: readonly WeekdayCode[],
): CopyDayResult {
  const copied: string[] = [];
  const skipped: string[] = [];
  const targets = to.filter((d) => d !== from);
  const entries = document.entries.map((entry) => {
    if (entry.weekdays.length > 0 && !entry.weekdays.includes(from)) return entry;
    let next = entry;
    if (entry.rrule && /(?:^|;)BYDAY=/i.test(entry.rrule)) {
      const byDay = plainByDay(entry.rrule);
      if (byDay === null) {
        skipped.push(entry.id);
        return entry;
      }
      if (!byDay.includes(from)) return entry;
      const days = sortDays([...byDay, ...targets]);
      next = { ...next, rrule: entry.rrule.replace(/BYDAY=[^;]+/i, `BYDAY=${days.join(',')}`) };
    }
    if (next.weekdays.length > 0) next = { ...next, weekdays: sortDays([...next.weekdays, ...targets]) };
    if (next !== entry) copied.push(entry.id);
    return next;
  });
  return { document: copied.length ? { ...document, entries } : document, copied, skipped };
}
