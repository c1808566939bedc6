import { formatBytes } from '@apm/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { timeZoneLabel } from '../../components/time-zone-options';
import type { TerminalDetails } from '../../services/terminal';
import {
  getAppUpdateInfo,
  getMonitorRow,
  getOnlinePeriods,
  getPublishCounts,
  republishPrograms,
} from '../../services/terminal-info';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { LIVE_REFRESH_SECONDS } from '../terminal-monitor/terminal-logic';
import { PlayingNow, PresenceTag } from '../terminal-monitor/TerminalBits';
import { healthOf, type Health } from './terminal-info-logic';

const time = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const orDash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
const HEALTH_COLORS: Record<Health, string> = { good: 'success', warning: 'warning', critical: 'error' };
/** Who may republish (the route's permissions). */
const REPUBLISHERS = ['terminal:settings:edit', 'terminal:monitor:command'];

/** Everything the terminal reports, graded, with its app update, publish counts and a republish button. */
export function StatusTab({ terminal: d }: { terminal: TerminalDetails }) {
  const { t } = useTranslation('terminalInfo');
  const { t: tm } = useTranslation('terminalMonitor');
  const { message } = App.useApp();
  const { can } = useAccess();
  const refetchInterval = LIVE_REFRESH_SECONDS * 1000;
  const monitor = useQuery({
    queryKey: ['terminalInfo', 'monitor', d.id],
    queryFn: ({ signal }) => getMonitorRow(d.id, signal),
    refetchInterval,
  });
  const periods = useQuery({
    queryKey: ['terminalInfo', 'periods', d.id, 7],
    queryFn: ({ signal }) => getOnlinePeriods(d.id, 7, signal),
    refetchInterval,
  });
  const app = useQuery({
    queryKey: ['terminalInfo', 'app', d.id],
    queryFn: ({ signal }) => getAppUpdateInfo(d.id, signal),
  });
  const counts = useQuery({
    queryKey: ['terminalInfo', 'counts', d.id],
    queryFn: ({ signal }) => getPublishCounts({ terminalId: d.id }, signal),
  });
  const republish = useMutation({
    mutationFn: () => republishPrograms([d.id]),
    onSuccess: () => void message.success(t('status.republished')),
    onError: (err) => void message.error(t('status.republishFailed', { message: terminalErrorText(err) })),
  });
  const status = d.status;
  const skew = monitor.data?.clockSkewMs ?? null;
  const graded = healthOf({
    online: d.online,
    status,
    clockSkewMs: skew,
    failedDownloads: d.downloads.filter((x) => x.error).length,
  });
  const reasons = graded.reasons.map((r) =>
    r.kind === 'disk'
      ? t('status.healthReasons.disk', { percent: r.percent })
      : r.kind === 'clock'
        ? t('status.healthReasons.clock', { seconds: r.seconds })
        : t('status.healthReasons.downloads'),
  );
  const healthLabel = {
    good: t('status.healthGood'),
    warning: t('status.healthWarning'),
    critical: t('status.healthCritical'),
  }[graded.health];
  const last = app.data?.lastUpdate;
  const items: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'health',
      label: t('status.health'),
      children: (
        <Flex gap={4} wrap>
          <Tag
            color={HEALTH_COLORS[graded.health]}
            data-testid="terminal-info-health"
            data-health={graded.health}
          >
            {healthLabel}
          </Tag>
          {reasons.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'presence', label: tm('columns.status'), children: <PresenceTag terminal={d} /> },
    { key: 'playing', label: tm('columns.playing'), children: <PlayingNow terminal={d} /> },
    { key: 'office', label: tm('columns.office'), children: orDash(d.officeName) },
    { key: 'group', label: tm('columns.group'), children: orDash(d.groupName) },
    { key: 'deviceId', label: tm('details.deviceId'), children: d.deviceId },
    { key: 'platform', label: tm('details.platform'), children: d.platform },
    {
      key: 'version',
      label: tm('columns.version'),
      children: <span data-testid="terminal-info-version">{orDash(status?.appVersion ?? d.appVersion)}</span>,
    },
    {
      key: 'resolution',
      label: tm('columns.resolution'),
      children: (
        <span data-testid="terminal-info-resolution">{orDash(status?.resolution ?? d.resolution)}</span>
      ),
    },
    {
      key: 'volume',
      label: tm('details.volume'),
      children: <span data-testid="terminal-info-volume">{orDash(status?.volume)}</span>,
    },
    {
      key: 'disk',
      label: t('status.disk'),
      children: status?.disk
        ? t('status.diskValue', {
            free: formatBytes(status.disk.free),
            total: formatBytes(status.disk.total),
          })
        : '—',
    },
    { key: 'clock', label: tm('details.clock'), children: time(status?.clock) },
    {
      key: 'offset',
      label: t('status.clockOffset'),
      children: skew === null ? '—' : t('status.clockOffsetValue', { seconds: (skew / 1000).toFixed(1) }),
    },
    {
      key: 'timeZone',
      label: tm('details.timeZone'),
      children: d.timeZone
        ? timeZoneLabel(d.timeZone)
        : tm('details.timeZoneInherited', { zone: timeZoneLabel(d.effectiveTimeZone) }),
    },
    {
      key: 'location',
      label: tm('details.location'),
      children:
        d.latitude !== null && d.longitude !== null
          ? `${d.address ? `${d.address} ` : ''}(${d.latitude}, ${d.longitude})`
          : '—',
    },
    { key: 'network', label: t('status.network'), children: orDash(periods.data?.networkAddress) },
    {
      key: 'onlineSince',
      label: t('status.onlineSince'),
      children: d.online ? time(periods.data?.onlineSince) : '—',
    },
    {
      key: 'lastSeen',
      label: t('status.lastSeen'),
      children: time(periods.data?.lastSeenAt ?? d.lastSeenAt),
    },
    {
      key: 'app',
      label: t('status.app'),
      children: last ? (
        <Flex gap={8} align="center">
          {t('status.appLast', { version: last.version ?? '—', time: time(last.createdAt) })}
          <Tag>{tm(`states.${last.state}`)}</Tag>
          {last.error ?? ''}
        </Flex>
      ) : (
        t('status.appNone')
      ),
    },
    {
      key: 'counts',
      label: t('status.counts'),
      children: counts.data ? (
        <span data-testid="terminal-info-counts">{t('status.countsValue', { ...counts.data })}</span>
      ) : (
        '—'
      ),
    },
    { key: 'claimedAt', label: tm('details.claimedAt'), children: time(d.claimedAt) },
  ];
  return (
    <Flex vertical gap={12}>
      {REPUBLISHERS.some((p) => can(p)) ? (
        <Flex justify="end">
          <Button
            onClick={() => republish.mutate()}
            loading={republish.isPending}
            disabled={d.state !== 'claimed'}
            data-testid="terminal-info-republish"
          >
            {t('status.republish')}
          </Button>
        </Flex>
      ) : null}
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered
        items={items}
        data-testid="terminal-info-status"
      />
    </Flex>
  );
}
