import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { usePainted } from '../../utils/use-painted';
import { App, Badge, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askPendingAlarms } from '../../services/alarm';

/** Where the badge leads: the alarm centre. */
const ALARM_PAGE = '/abnormalAlarm/abnormalAlarmList';
/** How often the header asks whether alarms wait. */
const POLL_MS = 30_000;
export const PENDING_ALARMS_KEY = ['alarm', 'pending'] as const;

/**
 * Header badge of the alarm centre (`askIsHaveAbnormalAlarm`): unresolved alarms, the count of
 * those nobody acknowledged on the badge; a notification when newer alarms arrive while the
 * console is open. Shown to users who may see alarms.
 */
export function AlarmBadge() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const painted = usePainted();
  const pending = useQuery({
    queryKey: PENDING_ALARMS_KEY,
    enabled: painted,
    queryFn: ({ signal }) => askPendingAlarms(signal),
    refetchInterval: POLL_MS,
  });
  const seen = useRef<number | null | undefined>(undefined);
  const latest = pending.data?.latestId;

  useEffect(() => {
    if (latest === undefined) return;
    // The first answer only sets the mark: alarms already there are not "new".
    if (seen.current !== undefined && latest !== null && (seen.current === null || latest > seen.current)) {
      notification.warning({
        key: 'alarms-arrived',
        message: t('shell.alarmsArrived'),
        description: (
          <Button type="link" style={{ padding: 0 }} onClick={() => void navigate(ALARM_PAGE)}>
            {t('shell.alarmsOpen')}
          </Button>
        ),
      });
    }
    seen.current = latest;
  }, [latest, navigate, notification, t]);

  const count = pending.data?.count ?? 0;
  const fresh = pending.data?.unacknowledged ?? 0;
  const label = count ? t('shell.alarmsPending', { count, fresh }) : t('shell.alarms');
  return (
    // A native title, not a Tooltip: one popup trigger fewer mounted with the shell.
    <Button
      type="text"
      aria-label={label}
      title={label}
      onClick={() => void navigate(ALARM_PAGE)}
      data-testid="alarm-badge"
      icon={
        <Badge count={fresh} size="small" offset={[2, -2]} color={fresh ? undefined : 'orange'}>
          <AlertOutlined style={{ fontSize: 16, color: count ? '#fa541c' : undefined }} />
        </Badge>
      }
    />
  );
}
