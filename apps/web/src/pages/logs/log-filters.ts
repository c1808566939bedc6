import type { LogFilters, LogStatus, LogType } from '@apm/contract';
import type { Dayjs } from 'dayjs';

/** Values of the filter bar. */
export interface LogFilterValues {
  user?: string;
  type?: LogType;
  range?: [Dayjs | null, Dayjs | null] | null;
  path?: string;
  status?: LogStatus;
}

/** The server filters of the filter bar's values: trimmed text, the time range as ISO 8601. */
export function toLogFilters(values: LogFilterValues): LogFilters {
  const filters: LogFilters = {};
  const user = values.user?.trim();
  const path = values.path?.trim();
  if (user) filters.user = user;
  if (path) filters.path = path;
  if (values.type) filters.type = values.type;
  if (values.status) filters.status = values.status;
  const [from, to] = values.range ?? [];
  if (from) filters.from = from.toISOString();
  if (to) filters.to = to.toISOString();
  return filters;
}
