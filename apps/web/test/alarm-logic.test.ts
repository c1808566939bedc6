import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  detailLines,
  durationText,
  handlingOf,
  skewParts,
  toAlarmFilters,
} from '../src/pages/alarms/alarm-logic';

describe('alarm logic', () => {
  it('turns filter values into server filters', () => {
    const from = dayjs('2026-11-01T00:00:00Z');
    expect(
      toAlarmFilters({
        keyword: '  lobby ',
        type: 'offline',
        severity: undefined,
        range: [from, null],
        officeId: 4,
      }),
    ).toEqual({ keyword: 'lobby', type: 'offline', officeId: 4, from: '2026-11-01T00:00:00.000Z' });
    expect(toAlarmFilters({ keyword: '   ', range: null })).toEqual({});
  });

  it('tells the handling of an alarm', () => {
    expect(handlingOf({ acknowledgedAt: null, clearedAt: null })).toBe('new');
    expect(handlingOf({ acknowledgedAt: 'x', clearedAt: null })).toBe('acknowledged');
    expect(handlingOf({ acknowledgedAt: null, clearedAt: 'y' })).toBe('resolved');
  });

  it('formats an alarm’s detail, keeping what it does not know', () => {
    const lines = detailLines(
      'diskFull',
      { free: 1024 ** 3, total: 64 * 1024 ** 3, extra: { a: 1 } },
      String,
    );
    expect(lines).toEqual([
      { key: 'free', value: '1 GB' },
      { key: 'total', value: '64 GB' },
      { key: 'extra', value: '{"a":1}' },
    ]);
    expect(detailLines('clockDrift', { skewMs: -61_400 }, (ms) => `skew ${ms}`)).toEqual([
      { key: 'skewMs', value: 'skew -61400' },
    ]);
    expect(detailLines('offline', null, String)).toEqual([]);
    expect(
      detailLines(
        'screenMismatch',
        { reason: 'frozen', screenshotId: 12, sameAsScreenshotId: 9, playing: 'Lobby' },
        String,
        (reason) => `the screen is ${reason}`,
      ),
    ).toEqual([
      { key: 'reason', value: 'the screen is frozen' },
      { key: 'screenshotId', value: '#12' },
      { key: 'sameAsScreenshotId', value: '#9' },
      { key: 'playing', value: 'Lobby' },
    ]);
    // A reason it does not know is shown as it is.
    expect(detailLines('screenMismatch', { reason: 'tilted' }, String, () => 'x')).toEqual([
      { key: 'reason', value: 'tilted' },
    ]);
    expect(skewParts(-61_400)).toEqual({ seconds: 61, direction: 'behind' });
  });

  it('says how long an alarm lasted', () => {
    const at = '2026-11-29T08:00:00Z';
    expect(durationText(at, '2026-11-29T08:00:42Z')).toBe('42 s');
    expect(durationText(at, '2026-11-29T09:05:00Z')).toBe('1 h 5 min');
    expect(durationText(at, null, Date.parse('2026-12-02T10:00:00Z'))).toBe('3 d 2 h');
  });
});
