import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import {
  getPlayQueue,
  getPublishedPrograms,
  setPlayQueue,
  type PlayQueue,
} from '../../services/terminal-info';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { moved } from './terminal-info-logic';

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
/** Changing the play order (the route's permission). */
const EDITOR = 'terminal:settings:edit';

/** The programs published to a terminal (`getRltPrograms`) in their play order, reordered by the arrows. */
export function ProgramsTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('terminalInfo');
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const queueKey = ['terminalInfo', 'queue', terminalId];
  const queue = useQuery({ queryKey: queueKey, queryFn: ({ signal }) => getPlayQueue(terminalId, signal) });
  const published = useQuery({
    queryKey: ['terminalInfo', 'programs', terminalId],
    queryFn: ({ signal }) => getPublishedPrograms(terminalId, signal),
  });
  const save = useMutation({
    mutationFn: (ids: number[]) => setPlayQueue(terminalId, ids),
    onSuccess: (data: PlayQueue) => {
      queryClient.setQueryData(queueKey, data);
      void message.success(t('programs.saved'));
    },
    onError: (err) => void message.error(t('programs.saveFailed', { message: terminalErrorText(err) })),
  });
  const rows = queue.data?.programs ?? [];
  const byId = new Map((published.data ?? []).map((p) => [p.id, p]));
  const editable = can(EDITOR);
  const move = (index: number, by: -1 | 1) => save.mutate(moved(rows, index, by).map((p) => p.id));
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('programs.queueHint')}</Typography.Text>
      {queue.data?.plans.length ? (
        <Alert
          type="info"
          showIcon
          title={t('programs.plans', { names: queue.data.plans.map((p) => p.name).join(', ') })}
        />
      ) : null}
      <Table
        rowKey="id"
        size="small"
        loading={queue.isFetching || save.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('programs.none') }}
        data-testid="terminal-info-programs"
        columns={[
          { key: 'position', title: t('programs.position'), dataIndex: 'position', width: 80 },
          { key: 'name', title: t('programs.name'), dataIndex: 'name' },
          {
            key: 'revision',
            title: t('programs.revision'),
            render: (_, p) => byId.get(p.id)?.revision ?? '—',
          },
          {
            key: 'review',
            title: t('programs.review'),
            render: (_, p) => byId.get(p.id)?.reviewState ?? '—',
          },
          {
            key: 'publishedAt',
            title: t('programs.publishedAt'),
            render: (_, p) => time(byId.get(p.id)?.publishedAt ?? null) || '—',
          },
          {
            key: 'window',
            title: t('programs.window'),
            render: (_, p) =>
              p.startAt || p.endAt ? `${time(p.startAt)} – ${time(p.endAt)}` : t('programs.always'),
          },
          ...(editable
            ? [
                {
                  key: 'move',
                  title: '',
                  width: 96,
                  render: (_: unknown, __: unknown, index: number) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('programs.up')}
                        disabled={index === 0 || save.isPending}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('programs.down')}
                        disabled={index === rows.length - 1 || save.isPending}
                        onClick={() => move(index, 1)}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}
