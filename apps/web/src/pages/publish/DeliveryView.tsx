import { DELIVERY_STATES, type DeliveryState, type PublishDelivery } from '@apm/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Flex, Progress, Radio, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { deliveryPercent } from './publish-logic';
import type { PublishTarget } from './publish-targets';
import { useTargetText } from './use-target-text';

/** How often the delivery view asks again (ms): terminals report progress about every second. */
export const DELIVERY_REFRESH_MS = 2000;

const COLOR: Record<DeliveryState, string> = {
  waiting: 'default',
  downloading: 'processing',
  playing: 'success',
  failed: 'error',
  offline: 'warning',
};

/** Props of {@link DeliveryView}. */
export interface DeliveryViewProps {
  /** What was published (a program or a plan). */
  target: PublishTarget;
}

/**
 * Where the program (or plan) stands on each terminal it is published to, refreshed every two seconds:
 * waiting, downloading (progress), playing, failed (reason, retry) or offline (queued).
 */
export function DeliveryView({ target }: DeliveryViewProps) {
  const { t } = useTranslation('publish');
  const tt = useTargetText(target.kind);
  const retryCall = target.retry;
  const { message } = App.useApp();
  const [state, setState] = useState<DeliveryState | undefined>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['publish', 'delivery', target.kind, target.id, state, page],
    queryFn: ({ signal }) => target.delivery!({ state, ...page }, signal),
    enabled: !!target.delivery,
    refetchInterval: DELIVERY_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (ids?: number[]) => retryCall!(ids),
    onSuccess: (done) => {
      void message.success(t('retried', { count: done.terminalIds.length }));
      void query.refetch();
    },
    onError: (failure) => void message.error(`${t('retryFailed')}: ${target.errorText(failure)}`),
  });
  const counts = query.data?.counts;
  const total = counts ? DELIVERY_STATES.reduce((sum, s) => sum + counts[s], 0) : 0;

  return (
    <div data-testid="delivery-view">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          optionType="button"
          value={state ?? 'all'}
          onChange={(e) => {
            const v = e.target.value as DeliveryState | 'all';
            setState(v === 'all' ? undefined : v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={[
            { value: 'all', label: `${t('all')} ${total}` },
            ...DELIVERY_STATES.map((s) => ({ value: s, label: `${t(`states.${s}`)} ${counts?.[s] ?? 0}` })),
          ]}
          data-testid="delivery-filter"
        />
        {retryCall ? (
          <Authorized permission={target.permission}>
            <Button
              danger
              disabled={!counts?.failed}
              loading={retry.isPending && retry.variables === undefined}
              onClick={() => retry.mutate(undefined)}
              data-testid="delivery-retry-all"
            >
              {t('retryAll', { count: counts?.failed ?? 0 })}
            </Button>
          </Authorized>
        ) : null}
        <Badge status="processing" text={t('live')} />
      </Flex>
      <Table<PublishDelivery>
        rowKey="terminalId"
        size="small"
        dataSource={query.data?.list ?? []}
        loading={query.isPending}
        locale={{ emptyText: tt('noDelivery') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.count ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { key: 'name', title: t('name'), dataIndex: 'name', ellipsis: true },
          { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
          { key: 'resolution', title: t('resolution'), dataIndex: 'resolution', width: 110 },
          {
            key: 'state',
            title: t('stateTitle'),
            width: 280,
            render: (_, r) => <DeliveryStateCell row={r} />,
          },
          // A plan plays as its entries say: no window of its own.
          ...(target.windowed
            ? [
                {
                  key: 'window',
                  title: t('window'),
                  width: 230,
                  render: (_: unknown, r: PublishDelivery) =>
                    r.startAt || r.endAt
                      ? t('windowText', {
                          start: r.startAt ? dayjs(r.startAt).format('YYYY-MM-DD HH:mm') : t('open'),
                          end: r.endAt ? dayjs(r.endAt).format('YYYY-MM-DD HH:mm') : t('open'),
                        })
                      : t('now'),
                },
              ]
            : []),
          // Kinds without a retry call have no retry column.
          ...(retryCall
            ? [
                {
                  key: 'actions',
                  title: t('retry'),
                  width: 90,
                  render: (_: unknown, r: PublishDelivery) =>
                    r.state === 'failed' ? (
                      <Authorized permission={target.permission}>
                        <Button
                          type="link"
                          size="small"
                          loading={retry.isPending && retry.variables?.[0] === r.terminalId}
                          onClick={() => retry.mutate([r.terminalId])}
                          data-testid="delivery-retry"
                        >
                          {t('retry')}
                        </Button>
                      </Authorized>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/** A terminal's state: its tag, the download progress, the failure's reason. */
function DeliveryStateCell({ row }: { row: PublishDelivery }) {
  const { t } = useTranslation('publish');
  return (
    <Flex vertical gap={2} data-testid="delivery-state" data-state={row.state}>
      <span>
        <Tag color={COLOR[row.state]}>{t(`states.${row.state}`)}</Tag>
        {row.totalFiles ? (
          <Typography.Text type="secondary">
            {t('files', { done: row.doneFiles, total: row.totalFiles })}
          </Typography.Text>
        ) : null}
      </span>
      {row.state === 'downloading' ? <Progress size="small" percent={deliveryPercent(row)} /> : null}
      {row.state === 'failed' && row.reason ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: row.reason }}>
          {row.reason}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
