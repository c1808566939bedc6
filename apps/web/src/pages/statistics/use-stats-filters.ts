import type { PlaySubject, StatsGranularity } from '@apm/contract';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { browserZone, defaultGranularity, presetPeriod, type Period } from './period';

/** What the statistics filters hold. */
export interface StatsFilters {
  period: Period;
  granularity: StatsGranularity;
  officeId?: number;
  terminalId?: number;
  programId?: number;
  /** One material (counting materials only). */
  materialId?: number;
  subject: PlaySubject;
}

/** The filters as call parameters: ISO instants, the reader's zone, and only what is set. */
export function filterParams(f: StatsFilters) {
  return {
    from: f.period[0].toISOString(),
    to: f.period[1].toISOString(),
    timeZone: browserZone(),
    granularity: f.granularity,
    ...(f.officeId !== undefined ? { officeId: f.officeId } : {}),
    ...(f.terminalId !== undefined ? { terminalId: f.terminalId } : {}),
  };
}

/** Filters state of a statistics page, starting with the last 7 days by day. */
export function useStatsFilters() {
  const [filters, setFilters] = useState<StatsFilters>(() => {
    const period = presetPeriod('last7Days', dayjs());
    return { period, granularity: defaultGranularity(period), subject: 'program' };
  });
  const params = useMemo(() => filterParams(filters), [filters]);
  return { filters, setFilters, params };
}
