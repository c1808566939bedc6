import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTerminalTimeline, planKeys } from '../../../services/plans';
import { planErrorText } from '../plan-errors';
import { PERIOD_DAYS, PeriodSwitch, type Period } from './PeriodSwitch';
import { nextDaysRange, programIdsOf } from './timeline-logic';
import { TimelineView } from './TimelineView';
import { useProgramNames } from './use-program-names';

/** Props of {@link TerminalSchedule}. */
export interface TerminalScheduleProps {
  terminalId: number;
  /** The period shown first (default a week). */
  period?: Period;
}

/** What plays on one terminal now and over the next days (`playPlan/timeline`), in the terminal's zone. */
export function TerminalSchedule({ terminalId, period: initial = 'week' }: TerminalScheduleProps) {
  const { t } = useTranslation('planTimeline');
  /** The instant asked about (null: now); the days shown start there. */
  const [at, setAt] = useState<Dayjs | null>(null);
  const [period, setPeriod] = useState<Period>(initial);
  const days = PERIOD_DAYS[period];
  // The range is fixed when the view opens (a new one each minute would refetch for nothing).
  const range = useMemo(() => nextDaysRange(days, at?.valueOf()), [days, at]);
  const params = { terminalId, ...range };
  const query = useQuery({
    queryKey: planKeys.timeline(params),
    queryFn: ({ signal }) => getTerminalTimeline(params, signal),
  });
  const ids = useMemo(() => programIdsOf(query.data?.segments ?? []), [query.data]);
  const programName = useProgramNames(ids);

  const picker = (
    <Flex gap={8} wrap align="center">
      <PeriodSwitch value={period} onChange={setPeriod} />
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={at}
        onChange={setAt}
        placeholder={t('atLabel')}
        aria-label={t('atLabel')}
        style={{ flex: '1 1 220px' }}
        data-testid="timeline-at"
      />
    </Flex>
  );
  if (query.isPending)
    return (
      <Flex vertical gap={12}>
        {picker}
        <Skeleton active />
      </Flex>
    );
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={planErrorText(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid="timeline-error"
      />
    );
  const tl = query.data;
  return (
    <Flex vertical gap={12}>
      {picker}
      <TimelineView
        timeZone={tl.timeZone}
        from={tl.from}
        to={tl.to}
        segments={tl.segments}
        programName={programName}
        showNow
        at={at?.valueOf()}
      />
    </Flex>
  );
}
