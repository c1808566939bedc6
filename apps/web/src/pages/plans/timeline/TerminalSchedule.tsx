import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getTerminalTimeline, planKeys } from '../../../services/plans';
import { planErrorText } from '../plan-errors';
import { nextDaysRange, programIdsOf } from './timeline-logic';
import { TimelineView } from './TimelineView';
import { useProgramNames } from './use-program-names';

/** Props of {@link TerminalSchedule}. */
export interface TerminalScheduleProps {
  terminalId: number;
  /** Days ahead (default 7). */
  days?: number;
}

/** What plays on one terminal now and over the next days (`playPlan/timeline`), in the terminal's zone. */
export function TerminalSchedule({ terminalId, days = 7 }: TerminalScheduleProps) {
  const { t } = useTranslation('planTimeline');
  // The range is fixed when the view opens (a new one each minute would refetch for nothing).
  const range = useMemo(() => nextDaysRange(days), [days]);
  const params = { terminalId, ...range };
  const query = useQuery({
    queryKey: planKeys.timeline(params),
    queryFn: ({ signal }) => getTerminalTimeline(params, signal),
  });
  const ids = useMemo(() => programIdsOf(query.data?.segments ?? []), [query.data]);
  const programName = useProgramNames(ids);

  if (query.isPending) return <Skeleton active />;
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
    <TimelineView
      timeZone={tl.timeZone}
      from={tl.from}
      to={tl.to}
      segments={tl.segments}
      programName={programName}
      showNow
    />
  );
}
