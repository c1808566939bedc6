import { badRequest } from '../../lib/errors.js';

const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A validation error naming its field, in the shape the error handler gives schema errors. */
export function fieldError(field: string, msg: string) {
  return badRequest(msg, 'validation', { fields: { [field]: msg } });
}

/**
 * Parses an announcement time: empty means none; otherwise ISO 8601 (`2026-05-01T08:00:00Z`,
 * with an offset, or without one) or `YYYY-MM-DD HH:mm:ss`. Times without an offset are read in
 * the server's time zone. A date that does not exist (30 February, hour 25) answers 400 naming `field`.
 */
export function parseTime(raw: string, field: string): Date | null {
  const value = raw.trim();
  if (!value) return null;
  const match = TIME.exec(value);
  const invalid = () => fieldError(field, `${field} must be an ISO time or YYYY-MM-DD HH:mm:ss, or empty`);
  if (!match) throw invalid();
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone] = match;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  // Round-tripping through Date.UTC catches days and times that do not exist.
  const check = new Date(Date.UTC(...parts));
  const exists =
    check.getUTCFullYear() === parts[0] &&
    check.getUTCMonth() === parts[1] &&
    check.getUTCDate() === parts[2] &&
    check.getUTCHours() === parts[3] &&
    check.getUTCMinutes() === parts[4] &&
    check.getUTCSeconds() === parts[5];
  if (!exists) throw invalid();
  const millis = Number(ms.padEnd(3, '0'));
  if (!zone) return new Date(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], millis);
  const sign = zone === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const [zoneHours, zoneMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4))];
  if (zoneHours > 14 || zoneMinutes > 59) throw invalid();
  const offsetMinutes = sign * (zoneHours * 60 + zoneMinutes);
  return new Date(Date.UTC(...parts, millis) - offsetMinutes * 60_000);
}
