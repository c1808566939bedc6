import type { ApiStoreItem, StoreKind } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { TableActions } from '../../components/admin/TableCells';
import { useServerTable } from '../../components/admin/use-server-table';
import { addFromStore, listApiStore, unpublishFromStore, widgetKeys } from '../../services/widgets';
import { widgetErrorText } from './widget-errors';

type StoreParams = { pageNo: number; pageSize: number; keyword?: string; kind?: StoreKind };

/**
 * The platform's store: shared widgets and data sources, searched and paged on the server; a tenant
 * adds them to its catalogue, the platform takes its own out again.
 */
export function StoreTab() {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = useServerTable<ApiStoreItem, StoreParams, { keyword?: string; kind?: StoreKind }>({
    queryKey: widgetKeys.store,
    fetch: listApiStore,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: widgetKeys.all });

  const run = async (item: ApiStoreItem, action: () => Promise<unknown>, done: string) => {
    setBusy(item.id);
    try {
      await action();
      void message.success(done);
      await refresh();
    } catch (failure) {
      void message.error(widgetErrorText(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ListFilterBar
        table={table}
        name="storeSearch"
        keyword={{ placeholder: t('store.keywordHint') }}
        selects={[
          {
            name: 'kind',
            label: t('kind'),
            width: 160,
            options: (['widget', 'dataSource'] as const).map((k) => ({
              value: k,
              label: t(`store.kinds.${k}`),
            })),
          },
        ]}
        searchTestId="store-search"
      />
      <Table<ApiStoreItem>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 900 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('store.noItems')} />,
        }}
        columns={[
          { key: 'name', title: tc('common.name'), dataIndex: 'name' },
          {
            key: 'kind',
            title: t('kind'),
            render: (_, r) => (
              <Tag color={r.kind === 'widget' ? 'purple' : 'geekblue'}>{t(`store.kinds.${r.kind}`)}</Tag>
            ),
          },
          { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
          {
            key: 'size',
            title: t('size'),
            render: (_, r) =>
              r.kind === 'widget'
                ? `${r.width} × ${r.height}`
                : r.format
                  ? t(`sources.formats.${r.format}`)
                  : '—',
          },
          {
            key: 'publishedAt',
            title: t('store.publishedAt'),
            render: (_, r) => dayjs(r.publishedAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 220,
            render: (_, r) => (
              <TableActions>
                {r.added ? <Tag color="green">{t('store.added')}</Tag> : null}
                {!r.added && !r.mine ? (
                  <Authorized permission="widget:list:add">
                    <Button
                      type="link"
                      size="small"
                      loading={busy === r.id}
                      onClick={() =>
                        void run(r, () => addFromStore(r.id), t('store.addedMessage', { name: r.name }))
                      }
                      data-testid={`store-add-${r.id}`}
                    >
                      {t('store.add')}
                    </Button>
                  </Authorized>
                ) : null}
                {r.mine ? (
                  <GuardedConfirm
                    permission="widget:list:edit"
                    title={t('store.unpublishConfirm', { name: r.name })}
                    onConfirm={() => run(r, () => unpublishFromStore(r.id), t('store.unpublished'))}
                  >
                    <Button type="link" size="small" danger>
                      {t('store.unpublish')}
                    </Button>
                  </GuardedConfirm>
                ) : null}
              </TableActions>
            ),
          },
        ]}
      />
    </>
  );
}
