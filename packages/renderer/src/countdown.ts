/** Time left until a target, split into units. */
export interface CountdownParts {
  done: boolean;
  /** Whole seconds left, rounded up (1 until the very end, then 0). */
  totalSeconds: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time from `now` to `target` (ms since the epoch) into days, hours, minutes, seconds. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = target - now;
  const totalSeconds = left > 0 ? Math.ceil(left / 1000) : 0;
  return {
    done: totalSeconds === 0,
    totalSeconds,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const TOKENS = /\[([^\]]*)]|DD|D|HH|H|mm|m|ss|s/g;

/**
 * Formats a countdown with tokens D DD (days), H HH (hours), m mm (minutes), s ss (seconds) and
 * `[text]` kept literally. The largest unit present carries what the format leaves out: with no
 * day token, `HH` counts all hours (e.g. 49:00:00); with only `ss`, all seconds.
 */
export function formatCountdown(format: string, parts: CountdownParts): string {
  const tokens = format.replace(/\[[^\]]*]/g, '');
  const hasDays = /D/.test(tokens);
  const hasHours = /H/.test(tokens);
  const hasMinutes = /m/.test(tokens);
  const total = parts.totalSeconds;
  const days = parts.days;
  const hours = hasDays ? parts.hours : Math.floor(total / 3600);
  const minutes = hasDays || hasHours ? parts.minutes : Math.floor(total / 60);
  const seconds = hasDays || hasHours || hasMinutes ? parts.seconds : total;
  return format.replace(TOKENS, (token: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'DD':
        return pad(days);
      case 'D':
        return String(days);
      case 'HH':
        return pad(hours);
      case 'H':
        return String(hours);
      case 'mm':
        return pad(minutes);
      case 'm':
        return String(minutes);
      case 'ss':
        return pad(seconds);
      default:
        return String(seconds);
    }
  });
}
