import { formatBytes, MATERIAL_SORT_FIELDS, type ConvertProgress, type Material } from '@apm/contract';
import { Button, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../services/request';
import { formatDuration, type MaterialSort } from './material-query';
import { KindIcon, ProcessState, ReviewTag } from './MaterialBits';

/** Props of {@link MaterialTable}. */
export interface MaterialTableProps {
  materials: readonly Material[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  sort: MaterialSort;
  progress: Map<number, ConvertProgress>;
  selected: ReadonlySet<number>;
  onSelectionChange(ids: number[]): void;
  onPageChange(pageNo: number, pageSize: number): void;
  onSortChange(sort: MaterialSort): void;
  onPreview(material: Material): void;
  onDetails(material: Material): void;
}

/** The materials as a table, paged and sorted on the server, with row selection. */
export function MaterialTable(props: MaterialTableProps) {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const sortOrderOf = (field: string) =>
    props.sort.field === field ? (props.sort.order === 'asc' ? 'ascend' : 'descend') : null;
  return (
    <Table<Material>
      rowKey="id"
      size="small"
      loading={props.loading}
      dataSource={[...props.materials]}
      locale={{ emptyText: tc('common.emptyList') }}
      scroll={{ x: 1280 }}
      data-testid="material-table"
      rowSelection={{
        selectedRowKeys: [...props.selected],
        preserveSelectedRowKeys: true,
        onChange: (keys) => props.onSelectionChange(keys.map(Number)),
      }}
      pagination={{
        current: props.pageNo,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        showTotal: (total) => tc('common.total', { total }),
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Material> | undefined;
          const field = MATERIAL_SORT_FIELDS.find((f) => f === s?.columnKey);
          props.onSortChange(
            s?.order && field ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : {},
          );
          return;
        }
        props.onPageChange(pagination.current ?? 1, pagination.pageSize ?? props.pageSize);
      }}
      columns={[
        {
          key: 'thumb',
          width: 64,
          render: (_, m) =>
            m.thumbUrl ? (
              <img
                src={apiUrl(m.thumbUrl)}
                alt=""
                loading="lazy"
                style={{ width: 48, height: 36, objectFit: 'cover' }}
              />
            ) : (
              <KindIcon kind={m.kind} style={{ fontSize: 24 }} />
            ),
        },
        {
          key: 'name',
          title: t('fields.name'),
          dataIndex: 'name',
          width: 260,
          sorter: true,
          sortOrder: sortOrderOf('name'),
          ellipsis: true,
          render: (name: string, m) => (
            <Typography.Link onClick={() => props.onPreview(m)} data-testid="material-name">
              {name}
            </Typography.Link>
          ),
        },
        {
          key: 'kind',
          title: t('fields.kind'),
          dataIndex: 'kind',
          width: 110,
          sorter: true,
          sortOrder: sortOrderOf('kind'),
          render: (kind: Material['kind']) => t(`kinds.${kind}`),
        },
        {
          key: 'size',
          title: t('fields.size'),
          dataIndex: 'size',
          width: 100,
          sorter: true,
          sortOrder: sortOrderOf('size'),
          render: (size: number) => formatBytes(size),
        },
        {
          key: 'duration',
          title: t('fields.duration'),
          width: 90,
          render: (_, m) => formatDuration(m.durationMs) || '—',
        },
        {
          key: 'review',
          title: t('fields.reviewState'),
          width: 110,
          render: (_, m) => <ReviewTag state={m.reviewState} note={m.reviewNote} />,
        },
        {
          key: 'process',
          title: t('fields.processState'),
          width: 150,
          render: (_, m) => <ProcessState material={m} progress={props.progress.get(m.id)} />,
        },
        { key: 'creator', title: t('fields.uploader'), width: 120, render: (_, m) => m.creatorName ?? '—' },
        {
          key: 'createdAt',
          title: tc('common.createdAt'),
          dataIndex: 'createdAt',
          width: 150,
          sorter: true,
          sortOrder: sortOrderOf('createdAt'),
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          key: 'actions',
          title: tc('common.actions'),
          fixed: 'right',
          width: 140,
          render: (_, m) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() => props.onPreview(m)}
                data-testid="material-preview-open"
              >
                {t('actions.preview')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => props.onDetails(m)}
                data-testid="material-details-open"
              >
                {t('actions.details')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
