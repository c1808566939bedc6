/** Calendar and wall-clock fields of an instant in a time zone. */
export interface ClockParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The fields of `date` in `timeZone` (an IANA zone), or in the local zone when it is null or
 * unknown to the runtime — a clock still shows something rather than nothing.
 */
export function clockParts(date: Date, timeZone: string | null): ClockParts {
  if (!timeZone || !isValidTimeZone(timeZone)) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      weekday: date.getDay(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
      millisecond: date.getMilliseconds(),
    };
  }
  let fmt = partFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: date.getMilliseconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const TOKENS = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|SSS|A|a/g;

function name(date: Date, timeZone: string | null, locale: string, opts: Intl.DateTimeFormatOptions) {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  try {
    return new Intl.DateTimeFormat(locale, { ...opts, timeZone: zone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone: zone }).format(date);
  }
}

/**
 * Formats an instant with dayjs tokens (YYYY YY M MM MMM MMMM D DD d dd ddd dddd H HH h hh m mm
 * s ss SSS A a, `[text]` kept literally) in a time zone. As in dayjs, `hh` is the 12-hour clock
 * and `HH` the 24-hour one. Month and weekday names follow `locale`.
 */
export function formatClock(
  date: Date,
  format: string,
  timeZone: string | null = null,
  locale = 'en-US',
): string {
  const p = clockParts(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return format.replace(TOKENS, (token: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'YY':
        return pad(p.year % 100);
      case 'MMMM':
        return name(date, timeZone, locale, { month: 'long' });
      case 'MMM':
        return name(date, timeZone, locale, { month: 'short' });
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'DD':
        return pad(p.day);
      case 'D':
        return String(p.day);
      case 'dddd':
        return name(date, timeZone, locale, { weekday: 'long' });
      case 'ddd':
        return name(date, timeZone, locale, { weekday: 'short' });
      case 'dd':
        return name(date, timeZone, locale, { weekday: 'narrow' });
      case 'd':
        return String(p.weekday);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(p.minute);
      case 'm':
        return String(p.minute);
      case 'ss':
        return pad(p.second);
      case 's':
        return String(p.second);
      case 'SSS':
        return pad(p.millisecond, 3);
      case 'A':
        return p.hour < 12 ? 'AM' : 'PM';
      default:
        return p.hour < 12 ? 'am' : 'pm';
    }
  });
}

/** Milliseconds until the next whole second: a clock re-renders then, not on a drifting interval. */
export function msToNextSecond(now: number): number {
  return 1000 - (((now % 1000) + 1000) % 1000);
}
