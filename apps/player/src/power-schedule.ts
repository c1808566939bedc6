import type { CommandParams } from '@apm/contract';

/** One on-time of the `powerSchedule` command: weekdays (0 = Sunday) and `HH:mm` on and off. */
export type PowerEntry = CommandParams<'powerSchedule'>['entries'][number];

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Whether the screen should be on at `at` (local time of the terminal). No entries means always
 * on. An entry whose `off` is not after its `on` runs past midnight into the next day; `on` equal
 * to `off` means the whole day.
 */
export function isScreenOn(entries: readonly PowerEntry[], at: Date): boolean {
  if (entries.length === 0) return true;
  const day = at.getDay();
  const minute = at.getHours() * 60 + at.getMinutes();
  const yesterday = (day + 6) % 7;
  return entries.some((entry) => {
    const on = minutesOf(entry.on);
    const off = minutesOf(entry.off);
    if (on === off) return entry.weekdays.includes(day);
    if (on < off) return entry.weekdays.includes(day) && minute >= on && minute < off;
    // Overnight: from `on` until midnight on the listed day, and until `off` on the day after.
    return (
      (entry.weekdays.includes(day) && minute >= on) || (entry.weekdays.includes(yesterday) && minute < off)
    );
  });
}
