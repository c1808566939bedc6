import { describe, expect, it } from 'vitest';
import { rruleProblem } from '@apm/schedule';
import {
  defaultRecurrence,
  parseRrule,
  toRrule,
  weekdayOfDate,
  type Recurrence,
} from '../../src/pages/plan-make/state/recurrence';

const base = defaultRecurrence('2026-03-10');

describe('recurrence builder', () => {
  it('starts on none with the start date’s day of the month', () => {
    expect(base).toMatchObject({ freq: 'none', interval: 1, monthly: { mode: 'day', day: 10 } });
    expect(toRrule(base)).toBeNull();
    expect(weekdayOfDate('2026-03-10')).toBe('TU');
  });

  const cases: [Recurrence, string][] = [
    [{ ...base, freq: 'DAILY', interval: 3 }, 'FREQ=DAILY;INTERVAL=3'],
    [{ ...base, freq: 'WEEKLY', interval: 2, byDay: ['FR', 'MO'] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR'],
    [{ ...base, freq: 'MONTHLY', monthly: { mode: 'day', day: 31 } }, 'FREQ=MONTHLY;BYMONTHDAY=31'],
    [
      {
        ...base,
        freq: 'MONTHLY',
        monthly: { mode: 'nth', nth: 2, weekday: 'MO' },
        end: { mode: 'count', count: 5 },
      },
      'FREQ=MONTHLY;BYDAY=2MO;COUNT=5',
    ],
    [
      { ...base, freq: 'MONTHLY', monthly: { mode: 'nth', nth: -1, weekday: 'FR' } },
      'FREQ=MONTHLY;BYDAY=-1FR',
    ],
    [{ ...base, freq: 'YEARLY', end: { mode: 'until', date: '2030-12-31' } }, 'FREQ=YEARLY;UNTIL=20301231'],
  ];

  it.each(cases)('writes %o as %s, which the resolver accepts and reads back', (rec, rrule) => {
    expect(toRrule(rec)).toBe(rrule);
    expect(rruleProblem(rrule, '2026-03-10')).toBeNull();
    const back = parseRrule(rrule, '2026-03-10');
    expect(back && toRrule(back)).toBe(rrule);
  });

  it('leaves rules it cannot show to the raw field', () => {
    expect(parseRrule(null, '2026-03-10')).toMatchObject({ freq: 'none' });
    expect(parseRrule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=2', '2026-03-10')).toBeNull();
    expect(parseRrule('FREQ=HOURLY', '2026-03-10')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY;BYMONTHDAY=2', '2026-03-10')).toBeNull();
    expect(parseRrule('FREQ=DAILY;COUNT=2;UNTIL=20260101', '2026-03-10')).toBeNull();
    expect(parseRrule('nonsense', '2026-03-10')).toBeNull();
  });

  it('reads an RRULE: prefix and lower case', () => {
    expect(parseRrule('rrule:freq=weekly;byday=sa,su', '2026-03-10')).toMatchObject({
      freq: 'WEEKLY',
      byDay: ['SA', 'SU'],
    });
  });
});
