/** Pure helpers of the terminal info page. */
import type { TerminalStatus } from '@apm/contract';

/** How a terminal is doing: offline is critical; a full disk, a wrong clock or failing downloads need attention. */
export type Health = 'good' | 'warning' | 'critical';

/** Reasons for a warning. */
export type HealthReason =
  { kind: 'disk'; percent: number } | { kind: 'clock'; seconds: number } | { kind: 'downloads' };

/** Disk use above which a terminal needs attention, in percent. */
export const DISK_WARNING_PERCENT = 90;
/** Clock offset beyond which a terminal needs attention, in seconds. */
export const CLOCK_WARNING_SECONDS = 60;

/** The health of a terminal from its presence, last status, clock offset and failed downloads. */
export function healthOf(input: {
  online: boolean;
  status: TerminalStatus | null;
  clockSkewMs: number | null;
  failedDownloads: number;
}): { health: Health; reasons: HealthReason[] } {
  if (!input.online) return { health: 'critical', reasons: [] };
  const reasons: HealthReason[] = [];
  const disk = input.status?.disk;
  if (disk && disk.total > 0) {
    const percent = Math.round(((disk.total - disk.free) / disk.total) * 100);
    if (percent >= DISK_WARNING_PERCENT) reasons.push({ kind: 'disk', percent });
  }
  if (input.clockSkewMs !== null && Math.abs(input.clockSkewMs) >= CLOCK_WARNING_SECONDS * 1000) {
    reasons.push({ kind: 'clock', seconds: Math.round(input.clockSkewMs / 1000) });
  }
  if (input.failedDownloads > 0) reasons.push({ kind: 'downloads' });
  return { health: reasons.length ? 'warning' : 'good', reasons };
}

/** A terminal id from the `id` query parameter, or null. */
export function idFromQuery(raw: string | null): number | null {
  return raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** Moves an item of a list one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** A duration in ms as `1 d 2 h 3 min`, minutes at least. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d ? `${d} d` : '', h ? `${h} h` : '', `${m} min`].filter(Boolean).join(' ');
}
