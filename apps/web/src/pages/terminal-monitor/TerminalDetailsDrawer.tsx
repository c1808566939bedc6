import { formatBytes, type CommandDelivery } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  List,
  Progress,
  Skeleton,
  Table,
  Tabs,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneLabel } from '../../components/time-zone-options';
import { TerminalMessagesTab } from '../messages/TerminalMessagesTab';
import { getTerminalDetails, listCommands, listScreenshots, screenshotUrl } from '../../services/terminal';
import { DeliveryStateTag } from './CommandBits';
import { CommandMenu } from './CommandMenu';
import { diskUsedPercent, downloadPercent, LIVE_REFRESH_SECONDS } from './terminal-logic';
import { PlayingNow, PresenceTag } from './TerminalBits';
import { TERMINAL_KEY } from './use-terminal-office-tree';

/** Props of {@link TerminalDetailsDrawer}. */
export interface TerminalDetailsDrawerProps {
  id: number;
  onClose(): void;
}

const time = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const orDash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;
const PAGE_SIZE = 10;

/** One terminal: live status, the settings pushed to it, recent commands with delivery state, screenshots. */
export function TerminalDetailsDrawer({ id, onClose }: TerminalDetailsDrawerProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const { t: tm } = useTranslation('messages');
  const queryClient = useQueryClient();
  const [commandPage, setCommandPage] = useState(1);
  const [shotPage, setShotPage] = useState(1);
  const detail = useQuery({
    queryKey: [...TERMINAL_KEY, 'details', id],
    queryFn: ({ signal }) => getTerminalDetails(id, signal),
    refetchInterval: LIVE_REFRESH_SECONDS * 1000,
  });
  const commands = useQuery({
    queryKey: [...TERMINAL_KEY, 'commands', id, commandPage],
    queryFn: ({ signal }) =>
      listCommands({ terminalId: id, pageNo: commandPage, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_SECONDS * 1000,
  });
  const shots = useQuery({
    queryKey: [...TERMINAL_KEY, 'screenshots', id, shotPage],
    queryFn: ({ signal }) =>
      listScreenshots({ terminalId: id, pageNo: shotPage, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const d = detail.data;
  const status = d?.status ?? null;
  const disk = diskUsedPercent(status);
  const settings = Object.entries(d?.settings ?? {});

  const statusItems: { key: string; label: string; children: ReactNode }[] = d
    ? [
        { key: 'status', label: t('columns.status'), children: <PresenceTag terminal={d} /> },
        { key: 'playing', label: t('columns.playing'), children: <PlayingNow terminal={d} /> },
        { key: 'office', label: t('columns.office'), children: orDash(d.officeName) },
        { key: 'group', label: t('columns.group'), children: orDash(d.groupName) },
        { key: 'deviceId', label: t('details.deviceId'), children: d.deviceId },
        { key: 'platform', label: t('details.platform'), children: d.platform },
        { key: 'version', label: t('columns.version'), children: orDash(status?.appVersion ?? d.appVersion) },
        {
          key: 'resolution',
          label: t('columns.resolution'),
          children: orDash(status?.resolution ?? d.resolution),
        },
        { key: 'volume', label: t('details.volume'), children: orDash(status?.volume) },
        {
          key: 'disk',
          label: t('details.disk'),
          children:
            disk !== null && status?.disk
              ? t('details.diskValue', { used: disk, total: formatBytes(status.disk.total) })
              : '—',
        },
        {
          key: 'downloads',
          label: t('details.downloads'),
          children: status?.downloads ? t('details.downloadsValue', status.downloads) : '—',
        },
        { key: 'clock', label: t('details.clock'), children: time(status?.clock) },
        {
          key: 'timeZone',
          label: t('details.timeZone'),
          children: (
            <span data-testid="terminal-details-time-zone">
              {d.timeZone
                ? timeZoneLabel(d.timeZone)
                : t('details.timeZoneInherited', { zone: timeZoneLabel(d.effectiveTimeZone) })}
            </span>
          ),
        },
        {
          key: 'location',
          label: t('details.location'),
          children:
            d.latitude !== null && d.longitude !== null
              ? `${d.address ? `${d.address} ` : ''}(${d.latitude}, ${d.longitude})`
              : '—',
        },
        { key: 'claimedAt', label: t('details.claimedAt'), children: time(d.claimedAt) },
        { key: 'createdAt', label: t('details.createdAt'), children: time(d.createdAt) },
      ]
    : [];
  const statusTab = (
    <Flex vertical gap={16}>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={statusItems}
        data-testid="terminal-details-status"
      />
      {d?.downloads.length ? (
        <div data-testid="terminal-details-downloads">
          <Typography.Title level={5}>{t('details.downloads')}</Typography.Title>
          {d.downloads.map((item) => (
            <Flex key={item.materialId} gap={12} align="center">
              <Typography.Text
                style={{ flex: '0 0 160px', minWidth: 0 }}
                ellipsis={{ tooltip: true }}
                data-testid="terminal-download-name"
              >
                {item.materialName ?? t('details.material', { id: item.materialId })}
              </Typography.Text>
              <Progress
                percent={downloadPercent(item)}
                status={item.error ? 'exception' : undefined}
                size="small"
                style={{ flex: 1, margin: 0 }}
              />
              {item.error ? <Typography.Text type="danger">{item.error}</Typography.Text> : null}
            </Flex>
          ))}
        </div>
      ) : null}
    </Flex>
  );

  const settingsTab = settings.length ? (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={settings.map(([key, value]) => ({
        key,
        label: key,
        children: (
          <Typography.Text code>{typeof value === 'string' ? value : JSON.stringify(value)}</Typography.Text>
        ),
      }))}
    />
  ) : (
    <Empty description={t('details.noSettings')} />
  );

  const commandsTab = (
    <Table<CommandDelivery>
      rowKey="id"
      size="small"
      loading={commands.isFetching}
      dataSource={commands.data?.list ?? []}
      locale={{ emptyText: t('details.noCommands') }}
      pagination={{
        current: commandPage,
        pageSize: PAGE_SIZE,
        total: commands.data?.count ?? 0,
        onChange: setCommandPage,
        showSizeChanger: false,
      }}
      columns={[
        { key: 'name', title: t('delivery.command'), render: (_, c) => commandLabel(c.name) },
        { key: 'state', title: t('delivery.state'), render: (_, c) => <DeliveryStateTag state={c.state} /> },
        { key: 'createdAt', title: t('delivery.createdAt'), render: (_, c) => time(c.createdAt) },
        { key: 'doneAt', title: t('delivery.doneAt'), render: (_, c) => time(c.doneAt) },
        { key: 'error', title: t('delivery.error'), render: (_, c) => orDash(c.error) },
      ]}
    />
  );

  function commandLabel(name: CommandDelivery['name']): string {
    return t(`commands.${name}`);
  }

  const shotsTab = (
    <List
      grid={{ gutter: 12, column: 2 }}
      loading={shots.isFetching}
      dataSource={shots.data?.list ?? []}
      locale={{ emptyText: t('details.noScreenshots') }}
      pagination={
        (shots.data?.count ?? 0) > PAGE_SIZE
          ? { current: shotPage, pageSize: PAGE_SIZE, total: shots.data?.count, onChange: setShotPage }
          : false
      }
      renderItem={(shot) => (
        <List.Item>
          <Image
            src={screenshotUrl(shot.id)}
            alt={time(shot.createdAt)}
            data-testid="terminal-details-screenshot"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time(shot.createdAt)}
          </Typography.Text>
        </List.Item>
      )}
    />
  );

  return (
    <Drawer
      open
      size={720}
      title={d ? t('details.title', { name: d.name }) : tc('common.loading')}
      onClose={onClose}
      extra={
        d?.state === 'claimed' ? (
          <CommandMenu
            terminals={[d]}
            onSent={() => void queryClient.invalidateQueries({ queryKey: [...TERMINAL_KEY, 'commands', id] })}
          />
        ) : null
      }
      data-testid="terminal-details-drawer"
    >
      {detail.isLoading ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            { key: 'status', label: t('details.status'), children: statusTab },
            { key: 'settings', label: t('details.settings'), children: settingsTab },
            { key: 'commands', label: t('details.commands'), children: commandsTab },
            { key: 'screenshots', label: t('details.screenshots'), children: shotsTab },
            ...(d?.state === 'claimed'
              ? [
                  {
                    key: 'messages',
                    label: tm('terminal.tab'),
                    children: <TerminalMessagesTab terminalId={id} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
