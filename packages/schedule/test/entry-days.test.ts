import { describe, expect, it } from 'vitest';
import { dayFromIso, entryDays, isoFromDay, rruleProblem } from '../src/index.js';
import { entry } from './fixtures.js';

const days = (fields: Parameters<typeof entry>[0], from: string, to: string) =>
  entryDays(entry(fields), dayFromIso(from), dayFromIso(to)).map(isoFromDay);

describe('entryDays', () => {
  it('keeps the date range and the days of the week', () => {
    expect(
      days(
        { id: 'a', startDate: '2026-06-01', endDate: '2026-06-10', weekdays: ['SA', 'SU'] },
        '2026-05-01',
        '2026-07-01',
      ),
    ).toEqual(['2026-06-06', '2026-06-07']);
  });

  it('expands the n-th weekday of the month (RRULE), minus EXDATE, plus RDATE', () => {
    const fields = {
      id: 'b',
      startDate: '2026-01-01',
      rrule: 'FREQ=MONTHLY;BYDAY=2TU',
      exdates: ['2026-03-10'],
      rdates: ['2026-03-11'],
    };
    expect(days(fields, '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-11',
      '2026-04-14',
    ]);
  });

  it('takes the last Friday of the month and every other week', () => {
    expect(
      days(
        { id: 'c', startDate: '2026-01-01', rrule: 'FREQ=MONTHLY;BYDAY=-1FR' },
        '2026-01-01',
        '2026-03-31',
      ),
    ).toEqual(['2026-01-30', '2026-02-27', '2026-03-27']);
    expect(
      days(
        { id: 'd', startDate: '2026-06-01', rrule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' },
        '2026-06-01',
        '2026-07-07',
      ),
    ).toEqual(['2026-06-01', '2026-06-15', '2026-06-29']);
  });

  it('honours COUNT and UNTIL, and keeps COUNT when the range starts later', () => {
    expect(
      days({ id: 'e', startDate: '2026-06-01', rrule: 'FREQ=DAILY;COUNT=3' }, '2026-06-02', '2026-06-30'),
    ).toEqual(['2026-06-02', '2026-06-03']);
    expect(
      days(
        { id: 'f', startDate: '2026-06-01', rrule: 'FREQ=DAILY;UNTIL=20260603T235959Z' },
        '2026-05-01',
        '2026-06-30',
      ),
    ).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
  });

  it('plays on leap days only when they exist', () => {
    const leap = { id: 'g', startDate: '2024-02-29', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29' };
    expect(days(leap, '2024-01-01', '2032-12-31')).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
    expect(
      days({ id: 'h', startDate: '2028-02-28', endDate: '2028-03-01' }, '2028-01-01', '2028-12-31'),
    ).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('names what is wrong with an RRULE', () => {
    expect(rruleProblem('FREQ=WEEKLY;BYDAY=MO', '2026-01-01')).toBeNull();
    expect(rruleProblem('FREQ=SOMETIMES', '2026-01-01')).toMatch(/FREQ/);
    expect(rruleProblem('FREQ=HOURLY', '2026-01-01')).toMatch(/DAILY, WEEKLY/);
    expect(rruleProblem('BYDAY=MO', '2026-01-01')).toMatch(/FREQ is missing/);
    expect(rruleProblem('FREQ=WEEKLY;BYDAY=XX', '2026-01-01')).toMatch(/BYDAY/);
    expect(rruleProblem('FREQ=DAILY\nRRULE:FREQ=DAILY', '2026-01-01')).toMatch(/one line/);
  });

  it('refuses impossible dates', () => {
    expect(dayFromIso('2026-02-30')).toBeNaN();
    expect(days({ id: 'i', startDate: '2026-02-30' }, '2026-01-01', '2026-12-31')).toEqual([]);
  });
});
