import type { LogFilters, LogItem } from '@apm/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../components/admin/TableCells';
import { scrollLogs } from '../../services/log';
import { LogDetailsDrawer } from './LogDetailsDrawer';
import { LogExportButtons } from './LogExportButtons';
import { LogFilterBar } from './LogFilterBar';
import { toLogFilters } from './log-filters';

const PAGE_SIZE = 50;
/** Distance from the end of the list, in pixels, at which the next page loads. */
const LOAD_AHEAD = 160;

/** `sys/log`: the audit log in the caller's data range, filtered, scrolled without end, exported. */
export default function LogsPage() {
  const { t } = useTranslation('logs');
  const { t: tc } = useTranslation();
  const [filters, setFilters] = useState<LogFilters>({});
  const [detailsId, setDetailsId] = useState<number | null>(null);

  const logs = useInfiniteQuery({
    queryKey: ['log', 'scroll', filters],
    queryFn: ({ pageParam, signal }) =>
      scrollLogs({ ...filters, pageSize: PAGE_SIZE, lastId: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastId ?? undefined) : undefined),
  });
  const rows = logs.data?.pages.flatMap((page) => page.list) ?? [];
  const loadMore = () => {
    if (logs.hasNextPage && !logs.isFetchingNextPage) void logs.fetchNextPage();
  };
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.target as HTMLElement;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_AHEAD) loadMore();
  };

  return (
    <Card title={t('title')}>
      <LogFilterBar onSearch={(values) => setFilters(toLogFilters(values))} />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <LogExportButtons filters={filters} />
      </Flex>
      <div onScrollCapture={onScroll}>
        <Table<LogItem>
          rowKey="id"
          size="small"
          loading={logs.isFetching && !logs.isFetchingNextPage}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: tc('common.emptyList') }}
          // Fixed widths, no sideways scrolling: long texts are cut, whole in a tooltip.
          tableLayout="fixed"
          scroll={{ y: 560 }}
          onRow={(record) => ({ onClick: () => setDetailsId(record.id), style: { cursor: 'pointer' } })}
          data-testid="log-table"
          columns={[
            {
              key: 'at',
              title: t('time'),
              dataIndex: 'at',
              width: 160,
              render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              key: 'user',
              title: t('user'),
              dataIndex: 'username',
              width: 110,
              render: (v: string | null) => <CellText text={v} />,
            },
            {
              key: 'office',
              title: t('office'),
              dataIndex: 'officeName',
              width: 110,
              render: (v: string | null) => <CellText text={v} />,
            },
            {
              key: 'type',
              title: t('type'),
              dataIndex: 'type',
              width: 90,
              render: (v: LogItem['type']) => <CellText text={t(`types.${v}`)} />,
            },
            { key: 'method', title: t('method'), dataIndex: 'method', width: 72 },
            {
              key: 'path',
              title: t('path'),
              dataIndex: 'path',
              render: (v: string) => <CellText text={v} />,
            },
            {
              key: 'ip',
              title: t('ip'),
              dataIndex: 'ip',
              width: 120,
              render: (v: string | null) => <CellText text={v} />,
            },
            {
              key: 'status',
              title: t('result'),
              dataIndex: 'status',
              width: 110,
              render: (status: number) => (
                <Tag color={status < 400 ? 'green' : 'red'}>
                  {t(status < 400 ? 'statuses.success' : 'statuses.failure')} {status}
                </Tag>
              ),
            },
            {
              key: 'duration',
              title: t('duration'),
              dataIndex: 'durationMs',
              width: 80,
              render: (ms: number) => <CellText text={t('durationMs', { ms })} />,
            },
            {
              key: 'actions',
              title: tc('common.actions'),
              width: 80,
              render: (_, record) => (
                <Button
                  type="link"
                  size="small"
                  data-testid="log-details-open"
                  onClick={(event) => {
                    event.stopPropagation();
                    setDetailsId(record.id);
                  }}
                >
                  {tc('common.details')}
                </Button>
              ),
            },
          ]}
        />
      </div>
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" data-testid="log-count">
          {t('loaded', { count: rows.length })}
        </Typography.Text>
        {logs.hasNextPage ? (
          <Button onClick={loadMore} loading={logs.isFetchingNextPage} data-testid="log-load-more">
            {t('loadMore')}
          </Button>
        ) : rows.length ? (
          <Typography.Text type="secondary">{t('noMore')}</Typography.Text>
        ) : null}
      </Flex>
      {detailsId !== null ? <LogDetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} /> : null}
    </Card>
  );
}
