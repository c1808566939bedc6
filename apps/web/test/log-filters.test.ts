import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toLogFilters } from '../src/pages/logs/log-filters';
import { attachmentName } from '../src/services/download';

describe('system log filters', () => {
  it('trims text, leaves out empty fields and sends the time range as ISO 8601', () => {
    const from = dayjs('2026-01-02T03:04:05Z');
    const to = dayjs('2026-01-03T00:00:00Z');
    expect(
      toLogFilters({ user: '  alice ', path: ' ', type: 'login', status: 'failure', range: [from, to] }),
    ).toEqual({
      user: 'alice',
      type: 'login',
      status: 'failure',
      from: '2026-01-02T03:04:05.000Z',
      to: '2026-01-03T00:00:00.000Z',
    });
    expect(toLogFilters({ range: [null, to] })).toEqual({ to: '2026-01-03T00:00:00.000Z' });
    expect(toLogFilters({ range: null })).toEqual({});
  });

  it('reads the download name from Content-Disposition', () => {
    expect(attachmentName('attachment; filename="system-log-20261121-180000.csv"', 'x.csv')).toBe(
      'system-log-20261121-180000.csv',
    );
    expect(attachmentName(null, 'system-log.xlsx')).toBe('system-log.xlsx');
  });
});
