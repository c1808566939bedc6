import type { StatsGranularity } from '@apm/contract';

/** One named series of a time chart. */
export interface TimeSeries {
  name: string;
  values: number[];
  kind: 'line' | 'bar';
}

/** Formats a bucket start for axis labels and tables, in the reader's locale and zone. */
export function bucketLabel(
  iso: string,
  granularity: StatsGranularity,
  locale: string,
  timeZone?: string,
): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? { year: 'numeric', month: 'short' }
      : granularity === 'day'
        ? { month: 'short', day: 'numeric' }
        : { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(iso));
}

/** Options of a line / bar chart over buckets, with an aria description for screen readers. */
export function timeChartOption(labels: string[], series: TimeSeries[], description: string) {
  return {
    aria: { enabled: true, label: { description } },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: series.map((s) => s.name) },
    grid: { left: 48, right: 48, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'category', data: labels, boundaryGap: series.some((s) => s.kind === 'bar') },
    yAxis:
      series.length > 1 && series[1]!.kind !== series[0]!.kind
        ? [{ type: 'value', minInterval: 1 }, { type: 'value' }]
        : [{ type: 'value', minInterval: 1 }],
    series: series.map((s, i) => ({
      name: s.name,
      type: s.kind,
      data: s.values,
      smooth: s.kind === 'line',
      yAxisIndex: series.length > 1 && series[1]!.kind !== series[0]!.kind ? i : 0,
    })),
  };
}

/** Options of the weekday × hour-of-day heat map from `[weekday 1–7, hour 0–23, plays]` cells. */
export function heatMapOption(
  cells: readonly (readonly [number, number, number])[],
  weekdays: readonly string[],
  description: string,
) {
  const max = cells.reduce((m, c) => Math.max(m, c[2]), 0);
  return {
    aria: { enabled: true, label: { description } },
    tooltip: { position: 'top' },
    grid: { left: 64, right: 16, top: 8, bottom: 64 },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: [...weekdays], inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: Math.max(1, max),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
    },
    series: [{ type: 'heatmap', data: cells.map(([d, h, n]) => [h, d - 1, n]), label: { show: false } }],
  };
}

/** Options of a 24-bar chart by hour of day. */
export function hourBarsOption(values: readonly number[], name: string, description: string) {
  return timeChartOption(
    values.map((_, h) => String(h).padStart(2, '0')),
    [{ name, values: [...values], kind: 'bar' }],
    description,
  );
}

/** Options of a pie (doughnut) of named counts; empty slices are left out. */
export function pieOption(items: readonly { name: string; value: number }[], description: string) {
  return {
    aria: { enabled: true, label: { description } },
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      { type: 'pie', radius: ['40%', '70%'], data: items.filter((i) => i.value > 0), label: { show: false } },
    ],
  };
}

/** A share 0–1 as a percentage text with one decimal (`33.3 %` in the reader's locale). */
export const percent = (share: number | null, locale: string) =>
  share === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** Seconds as hours with one decimal in the reader's locale. */
export const hours = (seconds: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(seconds / 3600);
