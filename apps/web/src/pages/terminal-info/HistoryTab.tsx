import type { CommandDelivery } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Image, InputNumber, List, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCommands, listScreenshots, screenshotUrl } from '../../services/terminal';
import { getOnlinePeriods, type Period } from '../../services/terminal-info';
import { DeliveryStateTag } from '../terminal-monitor/CommandBits';
import { durationText } from './terminal-info-logic';

const time = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const PAGE_SIZE = 10;

/** A terminal's history: online and offline periods (from offline alarms), commands with their states, screenshots. */
export function HistoryTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('terminalInfo');
  const { t: tm } = useTranslation('terminalMonitor');
  const [days, setDays] = useState(7);
  const [commandPage, setCommandPage] = useState(1);
  const [shotPage, setShotPage] = useState(1);
  const periods = useQuery({
    queryKey: ['terminalInfo', 'periods', terminalId, days],
    queryFn: ({ signal }) => getOnlinePeriods(terminalId, days, signal),
  });
  const commands = useQuery({
    queryKey: ['terminalInfo', 'commands', terminalId, commandPage],
    queryFn: ({ signal }) => listCommands({ terminalId, pageNo: commandPage, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const shots = useQuery({
    queryKey: ['terminalInfo', 'screenshots', terminalId, shotPage],
    queryFn: ({ signal }) => listScreenshots({ terminalId, pageNo: shotPage, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const periodTable = (rows: Period[], testId: string) => (
    <Table<Period>
      rowKey="from"
      size="small"
      pagination={false}
      dataSource={rows}
      loading={periods.isFetching}
      locale={{ emptyText: t('history.none') }}
      data-testid={testId}
      columns={[
        { key: 'from', title: t('history.from'), render: (_, p) => time(p.from) },
        { key: 'to', title: t('history.to'), render: (_, p) => (p.to ? time(p.to) : t('history.ongoing')) },
        {
          key: 'duration',
          title: t('history.duration'),
          render: (_, p) => durationText((p.to ? Date.parse(p.to) : Date.now()) - Date.parse(p.from)),
        },
      ]}
    />
  );
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <label htmlFor="terminal-info-days">{t('history.days')}</label>
        <InputNumber
          id="terminal-info-days"
          min={1}
          max={90}
          value={days}
          onChange={(v) => setDays(v ?? 7)}
        />
      </Flex>
      <Typography.Title level={5}>{t('history.online', { days })}</Typography.Title>
      {periodTable(periods.data?.onlinePeriods ?? [], 'terminal-info-online-periods')}
      <Typography.Title level={5}>{t('history.offline')}</Typography.Title>
      {periodTable(periods.data?.offlinePeriods ?? [], 'terminal-info-offline-periods')}
      <Typography.Title level={5}>{t('history.commands')}</Typography.Title>
      <Table<CommandDelivery>
        rowKey="id"
        size="small"
        loading={commands.isFetching}
        dataSource={commands.data?.list ?? []}
        locale={{ emptyText: tm('details.noCommands') }}
        pagination={{
          current: commandPage,
          pageSize: PAGE_SIZE,
          total: commands.data?.count ?? 0,
          onChange: setCommandPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'name', title: tm('delivery.command'), dataIndex: 'name' },
          {
            key: 'state',
            title: tm('delivery.state'),
            render: (_, c) => <DeliveryStateTag state={c.state} />,
          },
          { key: 'createdAt', title: tm('delivery.createdAt'), render: (_, c) => time(c.createdAt) },
          { key: 'doneAt', title: tm('delivery.doneAt'), render: (_, c) => time(c.doneAt) },
          { key: 'error', title: tm('delivery.error'), render: (_, c) => c.error ?? '—' },
        ]}
      />
      <Typography.Title level={5}>{t('history.screenshots')}</Typography.Title>
      <List
        grid={{ gutter: 12, column: 3 }}
        loading={shots.isFetching}
        dataSource={shots.data?.list ?? []}
        locale={{ emptyText: <Typography.Text>{tm('details.noScreenshots')}</Typography.Text> }}
        pagination={
          (shots.data?.count ?? 0) > PAGE_SIZE
            ? { current: shotPage, pageSize: PAGE_SIZE, total: shots.data?.count, onChange: setShotPage }
            : false
        }
        renderItem={(shot) => (
          <List.Item>
            <Image src={screenshotUrl(shot.id)} alt={time(shot.createdAt)} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(shot.createdAt)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Flex>
  );
}
