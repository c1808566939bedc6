/** A span of time, ISO 8601; `to` null while it lasts. */
export interface Period {
  from: string;
  to: string | null;
}

/** An offline span as an offline alarm records it. */
export interface OfflineSpan {
  /** When the terminal was last heard before it went silent (else when the alarm was raised). */
  from: Date;
  /** When it came back (null: still offline). */
  to: Date | null;
}

/**
 * Online periods between `since` and `now` from the offline spans (any order, may overlap): the gaps
 * between them, newest first; the last one open (`to` null) when the terminal is online now.
 */
export function onlinePeriods(
  since: Date,
  now: Date,
  offline: readonly OfflineSpan[],
  onlineNow: boolean,
): Period[] {
  const spans = [...offline].sort((a, b) => a.from.getTime() - b.from.getTime());
  const out: Period[] = [];
  let cursor = since.getTime();
  for (const span of spans) {
    const start = Math.max(span.from.getTime(), since.getTime());
    if (start > cursor) out.push({ from: new Date(cursor).toISOString(), to: new Date(start).toISOString() });
    const end = span.to?.getTime() ?? Number.POSITIVE_INFINITY;
    cursor = Math.max(cursor, end);
  }
  if (cursor < now.getTime())
    out.push({ from: new Date(cursor).toISOString(), to: onlineNow ? null : now.toISOString() });
  return out.reverse();
}
