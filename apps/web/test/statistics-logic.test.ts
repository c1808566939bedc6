import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isDarkColor } from '../src/components/charts/chart-theme';
import {
  bucketLabel,
  heatMapOption,
  hourBarsOption,
  percent,
  pieOption,
  timeChartOption,
} from '../src/pages/statistics/chart-options';
import {
  allowedGranularities,
  daysToPeriod,
  defaultGranularity,
  periodProblem,
  presetPeriod,
} from '../src/pages/statistics/period';

const NOW = dayjs('2026-03-18T15:42:00');
const iso = (p: [dayjs.Dayjs, dayjs.Dayjs]) => p.map((d) => d.format('YYYY-MM-DD HH:mm'));

describe('statistics period presets', () => {
  it('gives [first local midnight, the midnight after the last day)', () => {
    expect(iso(presetPeriod('today', NOW))).toEqual(['2026-03-18 00:00', '2026-03-19 00:00']);
    expect(iso(presetPeriod('yesterday', NOW))).toEqual(['2026-03-17 00:00', '2026-03-18 00:00']);
    expect(iso(presetPeriod('last7Days', NOW))).toEqual(['2026-03-12 00:00', '2026-03-19 00:00']);
    expect(iso(presetPeriod('last30Days', NOW))).toEqual(['2026-02-17 00:00', '2026-03-19 00:00']);
    expect(iso(presetPeriod('thisMonth', NOW))).toEqual(['2026-03-01 00:00', '2026-03-19 00:00']);
    expect(iso(presetPeriod('lastMonth', NOW))).toEqual(['2026-02-01 00:00', '2026-03-01 00:00']);
    expect(iso(presetPeriod('last90Days', NOW))).toEqual(['2025-12-19 00:00', '2026-03-19 00:00']);
  });

  it('picks the interval the server would and offers hours only up to 31 days', () => {
    expect(defaultGranularity(presetPeriod('today', NOW))).toBe('hour');
    expect(defaultGranularity(presetPeriod('last30Days', NOW))).toBe('day');
    expect(defaultGranularity(presetPeriod('last90Days', NOW))).toBe('month');
    expect(allowedGranularities(presetPeriod('last30Days', NOW))).toEqual(['hour', 'day', 'month']);
    expect(allowedGranularities(presetPeriod('last90Days', NOW))).toEqual(['day', 'month']);
  });

  it('names an empty or too long period', () => {
    expect(periodProblem(daysToPeriod(NOW, NOW))).toBeNull();
    expect(periodProblem([NOW, NOW])).toBe('periodEmpty');
    expect(periodProblem(daysToPeriod(NOW.subtract(400, 'day'), NOW))).toBe('periodTooLong');
    expect(periodProblem(daysToPeriod(NOW.subtract(30, 'day'), NOW), 31)).toBeNull();
    expect(periodProblem(daysToPeriod(NOW.subtract(31, 'day'), NOW), 31)).toBe('periodTooLong');
  });
});

describe('statistics chart options', () => {
  it('a bar and a line series get an axis each; labels and aria description are kept', () => {
    const option = timeChartOption(
      ['a', 'b'],
      [
        { name: 'Plays', values: [1, 2], kind: 'bar' },
        { name: 'Hours', values: [0.5, 1], kind: 'line' },
      ],
      'Plays over time',
    );
    expect(option.aria.label.description).toBe('Plays over time');
    expect(option.xAxis.data).toEqual(['a', 'b']);
    expect(option.yAxis).toHaveLength(2);
    expect(option.series.map((s) => [s.type, s.yAxisIndex, s.data])).toEqual([
      ['bar', 0, [1, 2]],
      ['line', 1, [0.5, 1]],
    ]);
  });

  it('the heat map puts hour on x, weekday (Monday first) on y, and scales to the largest cell', () => {
    const option = heatMapOption(
      [
        [1, 10, 6],
        [7, 23, 9],
      ],
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      'Heat map',
    );
    expect(option.series[0]!.data).toEqual([
      [10, 0, 6],
      [23, 6, 9],
    ]);
    expect(option.visualMap.max).toBe(9);
    expect(option.xAxis.data).toHaveLength(24);
    expect(heatMapOption([], ['x'], 'empty').visualMap.max).toBe(1);
  });

  it('hour bars label 00–23; a pie leaves out empty slices', () => {
    const bars = hourBarsOption(
      Array.from({ length: 24 }, (_, h) => h),
      'Sign-ins',
      'By hour',
    );
    expect(bars.xAxis.data[0]).toBe('00');
    expect(bars.xAxis.data[23]).toBe('23');
    expect(
      pieOption(
        [
          { name: 'a', value: 2 },
          { name: 'b', value: 0 },
        ],
        'Devices',
      ).series[0]!.data,
    ).toEqual([{ name: 'a', value: 2 }]);
  });

  it('formats buckets and shares in the reader’s locale and zone', () => {
    expect(bucketLabel('2026-03-02T00:00:00Z', 'month', 'en-US', 'UTC')).toBe('Mar 2026');
    expect(bucketLabel('2026-03-01T23:00:00Z', 'day', 'en-US', 'Europe/Berlin')).toBe('Mar 2');
    expect(percent(1 / 3, 'en-US')).toBe('33.3%');
    expect(percent(null, 'en-US')).toBe('—');
  });

  it('tells dark theme backgrounds from light ones', () => {
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('rgb(20, 20, 20)')).toBe(true);
    expect(isDarkColor('#fff')).toBe(false);
  });
});
