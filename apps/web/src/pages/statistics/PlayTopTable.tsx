import { DownloadOutlined } from '@ant-design/icons';
import { PLAY_DIMENSIONS, type PlayDimension, type PlayTopRow, type StatsExportFormat } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tabs } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import {
  exportPlays,
  getPlayTop,
  statisticsKeys,
  type PlayParams,
  type PlayTopParams,
} from '../../services/statistics';
import { hours } from './chart-options';
import { count, failureText } from './stats-format';

type Sort = Pick<PlayTopParams, 'sortField' | 'sortOrder'>;

/** Top programs, materials, messages, terminals and institutions, sorted and paged on the server; CSV / XLSX export. */
export function PlayTopTable({ params }: { params: PlayParams }) {
  const { t, i18n } = useTranslation('statistics');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const locale = i18n.language;
  const [dimension, setDimension] = useState<PlayDimension>('program');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<Sort>({});
  const [exporting, setExporting] = useState<StatsExportFormat | null>(null);
  const query: PlayTopParams = { ...params, dimension, ...paging, ...sort };
  const top = useQuery({
    queryKey: statisticsKeys.of('playTop', query),
    queryFn: ({ signal }) => getPlayTop(query, signal),
    placeholderData: keepPreviousData,
  });
  const sortOrderOf = (field: 'plays' | 'seconds' | 'name') =>
    sort.sortField === field ? (sort.sortOrder === 'asc' ? 'ascend' : 'descend') : null;
  const onExport = async (format: StatsExportFormat) => {
    setExporting(format);
    try {
      const name = await exportPlays({ ...params, dimension, format });
      void message.success(t('export.done', { name }));
    } catch (failure) {
      void message.error(t('export.failed', { reason: failureText(failure) }));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Card
      size="small"
      title={t('top.title')}
      style={{ marginBottom: 12 }}
      extra={
        <Space>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Authorized key={format} permission="stats:export">
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={exporting === format}
                onClick={() => void onExport(format)}
                data-testid={`stats-export-${format}`}
              >
                {t(`export.${format}`)}
              </Button>
            </Authorized>
          ))}
        </Space>
      }
    >
      <Tabs
        activeKey={dimension}
        onChange={(key) => {
          setDimension(key as PlayDimension);
          setPaging((p) => ({ ...p, pageNo: 1 }));
        }}
        items={PLAY_DIMENSIONS.map((d) => ({ key: d, label: t(`top.${d}`) }))}
      />
      <Table<PlayTopRow>
        size="small"
        rowKey="id"
        data-testid="stats-top-table"
        loading={top.isFetching}
        dataSource={top.data?.list ?? []}
        locale={{ emptyText: t('noData') }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: top.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<PlayTopRow> | undefined;
          const field = (['plays', 'seconds', 'name'] as const).find((f) => f === s?.columnKey);
          setPaging({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
          setSort(
            s?.order && field ? { sortField: field, sortOrder: s.order === 'ascend' ? 'asc' : 'desc' } : {},
          );
        }}
        columns={[
          {
            key: 'name',
            title: t('columns.name'),
            dataIndex: 'name',
            sorter: true,
            sortOrder: sortOrderOf('name'),
            ellipsis: true,
          },
          {
            key: 'plays',
            title: t('columns.plays'),
            align: 'right',
            sorter: true,
            sortOrder: sortOrderOf('plays'),
            render: (_, r) => count(r.plays, locale),
          },
          {
            key: 'seconds',
            title: t('columns.hours'),
            align: 'right',
            sorter: true,
            sortOrder: sortOrderOf('seconds'),
            render: (_, r) => hours(r.seconds, locale),
          },
          {
            key: 'terminals',
            title: t('columns.terminals'),
            align: 'right',
            render: (_, r) => count(r.terminals, locale),
          },
        ]}
      />
    </Card>
  );
}
