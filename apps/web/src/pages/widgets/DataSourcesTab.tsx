import { PlusOutlined } from '@ant-design/icons';
import type { DataSource } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { TableActions } from '../../components/admin/TableCells';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteDataSources,
  listDataSources,
  refreshDataSource,
  widgetKeys,
  type DataSourceListParams,
} from '../../services/widgets';
import { DataSourceFormModal } from './DataSourceFormModal';
import { PublishModal } from './PublishModal';
import { widgetErrorText } from './widget-errors';

const SORTABLE = ['name', 'lastFetchedAt', 'updatedAt'] as const;

/** The tenant's data sources with how their last fetch went; create, edit, fetch now, publish, delete. */
export function DataSourcesTab() {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = useServerTable<DataSource, DataSourceListParams, { keyword?: string }>({
    queryKey: widgetKeys.dataSources,
    fetch: listDataSources,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const [editing, setEditing] = useState<DataSource | null | undefined>(undefined);
  const [publishing, setPublishing] = useState<DataSource | null>(null);
  const [fetching, setFetching] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: widgetKeys.all });

  const onFetch = async (source: DataSource) => {
    setFetching(source.id);
    try {
      const done = await refreshDataSource(source.id);
      if (done.lastStatus === 'ok')
        void message.success(t('sources.fetched', { name: done.name, count: done.itemCount }));
      else void message.error(t('sources.fetchFailed', { name: done.name, error: done.lastError ?? '' }));
      await refresh();
    } catch (failure) {
      void message.error(widgetErrorText(failure));
    } finally {
      setFetching(null);
    }
  };

  const onDelete = async (source: DataSource) => {
    try {
      await deleteDataSources([source.id]);
      void message.success(t('sources.deleted'));
      await refresh();
    } catch (failure) {
      void message.error(widgetErrorText(failure));
    }
  };

  return (
    <>
      <ListFilterBar
        table={table}
        name="dataSourceSearch"
        keyword={{ placeholder: t('sources.keywordHint') }}
        searchTestId="data-source-search"
      />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="widget:list:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="data-source-create"
          >
            {t('sources.create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<DataSource>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 1000 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sources.noSources')} />,
        }}
        columns={[
          {
            key: 'name',
            title: t('sources.name'),
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (_, r) => (
              <>
                {r.name} {r.fromStore ? <Tag color="cyan">{t('fromStore')}</Tag> : null}
              </>
            ),
          },
          { key: 'url', title: t('sources.url'), dataIndex: 'url', ellipsis: true },
          { key: 'format', title: t('sources.format'), render: (_, r) => t(`sources.formats.${r.format}`) },
          { key: 'interval', title: t('sources.interval'), dataIndex: 'intervalSeconds' },
          {
            key: 'lastFetchedAt',
            title: t('sources.lastFetch'),
            sorter: true,
            sortOrder: sortOrderOf('lastFetchedAt'),
            render: (_, r) =>
              r.lastStatus ? (
                <Tooltip title={r.lastError ?? undefined}>
                  <Tag
                    color={r.lastStatus === 'ok' ? 'green' : 'red'}
                    data-testid={`data-source-status-${r.id}`}
                  >
                    {t(`sources.statuses.${r.lastStatus}`)}
                  </Tag>
                  {r.lastFetchedAt ? dayjs(r.lastFetchedAt).format('YYYY-MM-DD HH:mm:ss') : null}
                </Tooltip>
              ) : (
                t('sources.never')
              ),
          },
          { key: 'items', title: t('sources.items'), dataIndex: 'itemCount' },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 220,
            render: (_, r) => (
              <TableActions>
                <Authorized permission="widget:list:edit">
                  <Button
                    type="link"
                    size="small"
                    loading={fetching === r.id}
                    onClick={() => void onFetch(r)}
                  >
                    {t('sources.fetchNow')}
                  </Button>
                </Authorized>
                <Authorized permission="widget:list:edit">
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                {r.fromStore ? null : (
                  <Authorized permission="widget:list:edit">
                    <Button type="link" size="small" onClick={() => setPublishing(r)}>
                      {t('publish')}
                    </Button>
                  </Authorized>
                )}
                <GuardedConfirm
                  permission="widget:list:delete"
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete(r)}
                >
                  <Button type="link" size="small" danger>
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </TableActions>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <DataSourceFormModal
          source={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            if (saved.lastStatus === 'error')
              void message.warning(
                t('sources.fetchFailed', { name: saved.name, error: saved.lastError ?? '' }),
              );
            void refresh();
          }}
        />
      ) : null}
      {publishing ? (
        <PublishModal
          kind="dataSource"
          id={publishing.id}
          name={publishing.name}
          onClose={() => setPublishing(null)}
        />
      ) : null}
    </>
  );
}
