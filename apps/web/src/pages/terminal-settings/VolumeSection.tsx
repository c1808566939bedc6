import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getVolumeBySource,
  getVolumeMessage,
  listVolumeChanges,
  type VolumeChange,
} from '../../services/terminal-info';
import { DeliveryStateTag } from '../terminal-monitor/CommandBits';

const PAGE_SIZE = 5;
const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');

/** One terminal's volume messages: set and reported (`getVolMsg`), by source (`getVolMsgByType`), history (`volList`). */
export function VolumeSection({ terminalId, refresh }: { terminalId: number; refresh: number }) {
  const { t } = useTranslation('terminalSettings');
  const [page, setPage] = useState(1);
  const current = useQuery({
    queryKey: ['terminalSettings', 'volume', terminalId, refresh],
    queryFn: ({ signal }) => getVolumeMessage(terminalId, signal),
  });
  const bySource = useQuery({
    queryKey: ['terminalSettings', 'volumeBySource', terminalId, refresh],
    queryFn: ({ signal }) => getVolumeBySource(terminalId, signal),
  });
  const history = useQuery({
    queryKey: ['terminalSettings', 'volumeHistory', terminalId, page, refresh],
    queryFn: ({ signal }) => listVolumeChanges({ terminalId, pageNo: page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const v = current.data;
  const s = bySource.data;
  const dash = (n: number | null | undefined) => (n === null || n === undefined ? '—' : String(n));
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid="terminal-settings-volume-messages"
        items={[
          { key: 'set', label: t('volume.set'), children: dash(v?.setting) },
          {
            key: 'reported',
            label: t('volume.reported'),
            children: <span data-testid="terminal-settings-reported-volume">{dash(v?.reported)}</span>,
          },
          {
            key: 'source',
            label: t('volume.bySource'),
            children: s ? (
              <Typography.Text>
                {t('volume.manual', { value: dash(s.manual) })}
                {' · '}
                {s.strategy
                  ? t('volume.strategy', {
                      name: s.strategy.name,
                      rules: s.strategy.rules.map((r) => `${r.from}–${r.to} ${r.volume}`).join(', ') || '—',
                    })
                  : t('volume.noStrategy')}
                {' · '}
                {t('volume.defaultValue', { value: s.default })}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('volume.history')}
      </Typography.Title>
      <Table<VolumeChange>
        rowKey="commandId"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: history.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'when', title: t('volume.when'), render: (_, c) => time(c.createdAt) },
          { key: 'value', title: t('volume.value'), render: (_, c) => dash(c.volume) },
          { key: 'by', title: t('volume.by'), render: (_, c) => c.createdBy ?? '—' },
          { key: 'state', title: t('volume.state'), render: (_, c) => <DeliveryStateTag state={c.state} /> },
        ]}
      />
    </>
  );
}
