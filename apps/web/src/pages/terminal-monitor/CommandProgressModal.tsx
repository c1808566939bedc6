import type { CommandDelivery } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Image, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { listCommands, screenshotUrl } from '../../services/terminal';
import { DeliveryStateTag } from './CommandBits';
import { batchSettled, screenshotIdOf } from './terminal-logic';
import { TERMINAL_KEY } from './use-terminal-office-tree';

/** How often the delivery state is asked for while some terminal has not answered. */
const POLL_MS = 2000;
/** Deliveries shown at once (a batch to more terminals pages). */
const PAGE_SIZE = 50;

/** Props of {@link CommandProgressModal}. */
export interface CommandProgressModalProps {
  batchId: string;
  /** The command's translated name (title). */
  title: string;
  onClose(): void;
}

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** Follows one command batch: each terminal's delivery state, and the screenshots as they arrive. */
export function CommandProgressModal({ batchId, title, onClose }: CommandProgressModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const deliveries = useQuery({
    queryKey: [...TERMINAL_KEY, 'batch', batchId],
    queryFn: ({ signal }) => listCommands({ batchId, pageNo: 1, pageSize: PAGE_SIZE }, signal),
    refetchInterval: (query) => (query.state.data && batchSettled(query.state.data.list) ? false : POLL_MS),
  });
  const list = deliveries.data?.list ?? [];
  const settled = batchSettled(list);
  const queryClient = useQueryClient();
  const answered = list.some((d) => d.state === 'acked');
  useEffect(() => {
    // What an answered command changed (a volume, what plays) is in the live status at once:
    // the rows and the details show it now, not at their next refresh.
    if (!settled || !answered) return;
    for (const part of ['live', 'details'])
      void queryClient.invalidateQueries({ queryKey: [...TERMINAL_KEY, part] });
  }, [settled, answered, queryClient]);
  const anyQueued = list.some((d) => d.state === 'queued');
  const failures = list.filter((d) => d.state === 'failed' || d.state === 'expired').length;

  return (
    <Modal
      open
      width={760}
      title={t('commands.progressTitle', { name: title })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="terminal-command-progress">
        <Alert
          type={!settled ? 'info' : failures ? 'warning' : 'success'}
          showIcon
          title={
            !settled
              ? t('commands.waiting')
              : failures
                ? t('commands.settledWithFailures', { count: failures })
                : t('commands.settled')
          }
          description={anyQueued ? t('commands.queuedHint') : undefined}
        />
        <Table<CommandDelivery>
          rowKey="id"
          size="small"
          loading={deliveries.isLoading}
          dataSource={list}
          locale={{ emptyText: tc('common.emptyList') }}
          pagination={false}
          columns={[
            { key: 'terminal', title: t('delivery.terminal'), dataIndex: 'terminalName' },
            {
              key: 'state',
              title: t('delivery.state'),
              render: (_, d) => <DeliveryStateTag state={d.state} />,
            },
            {
              key: 'result',
              title: t('delivery.result'),
              render: (_, d) => {
                const shot = screenshotIdOf(d);
                if (shot !== null) {
                  return (
                    <span data-testid="terminal-command-screenshot">
                      <Image
                        width={160}
                        src={screenshotUrl(shot)}
                        alt={t('commands.screenshotOf', { name: d.terminalName })}
                      />
                    </span>
                  );
                }
                return d.error ? (
                  <Typography.Text type="danger" data-testid="terminal-delivery-error">
                    {d.error}
                  </Typography.Text>
                ) : (
                  '—'
                );
              },
            },
            { key: 'doneAt', title: t('delivery.doneAt'), render: (_, d) => time(d.doneAt) },
          ]}
        />
      </Space>
    </Modal>
  );
}
