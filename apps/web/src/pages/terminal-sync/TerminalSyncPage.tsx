import { PlusOutlined } from '@ant-design/icons';
import type { SyncGroupDetail, SyncGroupSummary, SyncMode, SyncSortField } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { TableActions } from '../../components/admin/TableCells';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteSyncGroups,
  getSyncGroup,
  listSyncGroups,
  restartSyncGroup,
  syncGroupKeys,
  type SyncGroupListParams,
} from '../../services/sync-groups';
import { SyncGroupDrawer } from './SyncGroupDrawer';
import { SyncGroupFormModal } from './SyncGroupFormModal';
import { syncErrorText } from './sync-errors';

const SORTABLE: readonly SyncSortField[] = ['name', 'updatedAt', 'memberCount'];
const EDIT = 'terminal:sync:edit';

/**
 * `terminal/sync`: sync groups — terminals playing one program in lockstep as a mirror or a video
 * wall — searched, sorted and paged on the server; create, edit, restart, delete, and each group's
 * members with their live state and clocks.
 */
export default function TerminalSyncPage() {
  const { t } = useTranslation('terminalSync');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const table = useServerTable<SyncGroupSummary, SyncGroupListParams, { keyword?: string; mode?: SyncMode }>({
    queryKey: syncGroupKeys.list,
    fetch: listSyncGroups,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const [editing, setEditing] = useState<SyncGroupDetail | null | undefined>(undefined);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: syncGroupKeys.all });

  const edit = async (id: number) => {
    try {
      setEditing(await getSyncGroup(id));
    } catch (failure) {
      void message.error(syncErrorText(failure));
    }
  };

  const onDelete = async (ids: number[]) => {
    try {
      await deleteSyncGroups(ids);
      void message.success(t('deleted'));
      setSelected([]);
      if (detailOf !== null && ids.includes(detailOf)) setDetailOf(null);
      await refresh();
    } catch (failure) {
      void message.error(syncErrorText(failure));
    }
  };

  const onRestart = async (id: number) => {
    try {
      await restartSyncGroup(id);
      void message.success(t('restarted'));
      await refresh();
    } catch (failure) {
      void message.error(syncErrorText(failure));
    }
  };

  return (
    <Card title={t('title')}>
      <ListFilterBar
        table={table}
        name="syncSearch"
        keyword={{ placeholder: t('keywordHint'), testId: 'sync-search-keyword' }}
        selects={[
          {
            name: 'mode',
            label: t('mode'),
            width: 160,
            options: [
              { value: 'wall', label: t('modes.wall') },
              { value: 'mirror', label: t('modes.mirror') },
            ],
          },
        ]}
        searchTestId="sync-search"
      />
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <GuardedConfirm
          permission={EDIT}
          title={tc('common.confirmDeleteSelected', { count: selected.length })}
          onConfirm={() => onDelete(selected)}
          disabled={!selected.length}
        >
          <Button danger disabled={!selected.length}>
            {tc('common.delete')}
          </Button>
        </GuardedConfirm>
        <Authorized permission={EDIT}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="sync-create"
          >
            {t('create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<SyncGroupSummary>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 960 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noGroups')} /> }}
        rowSelection={
          can(EDIT)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        columns={[
          { key: 'name', title: t('name'), dataIndex: 'name', sorter: true, sortOrder: sortOrderOf('name') },
          {
            key: 'mode',
            title: t('mode'),
            render: (_, r) => (
              <Space size={4}>
                <Tag color={r.mode === 'wall' ? 'purple' : 'blue'}>{t(`modes.${r.mode}`)}</Tag>
                {r.mode === 'wall' ? `${r.columns} × ${r.rows}` : null}
              </Space>
            ),
          },
          {
            key: 'program',
            title: t('program'),
            ellipsis: true,
            render: (_, r) => r.programName ?? <Tag color="red">{t('programDeleted')}</Tag>,
          },
          { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
          {
            key: 'memberCount',
            title: t('members'),
            dataIndex: 'memberCount',
            sorter: true,
            sortOrder: sortOrderOf('memberCount'),
          },
          {
            key: 'online',
            title: t('online'),
            render: (_, r) => (
              <Tag color={r.onlineCount === r.memberCount ? 'green' : r.onlineCount ? 'gold' : 'default'}>
                {r.onlineCount} / {r.memberCount}
              </Tag>
            ),
          },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            dataIndex: 'updatedAt',
            sorter: true,
            sortOrder: sortOrderOf('updatedAt'),
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            // Four links: they wrap onto two lines in the longer languages rather than being cut.
            width: 200,
            render: (_, r) => (
              <TableActions>
                <Button type="link" size="small" onClick={() => setDetailOf(r.id)} data-testid="sync-details">
                  {t('details')}
                </Button>
                <Authorized permission={EDIT}>
                  <Button type="link" size="small" onClick={() => void edit(r.id)} data-testid="sync-edit">
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission={EDIT}
                  title={t('restartConfirm', { name: r.name })}
                  onConfirm={() => onRestart(r.id)}
                >
                  <Button type="link" size="small" data-testid="sync-restart">
                    {t('restart')}
                  </Button>
                </GuardedConfirm>
                <GuardedConfirm
                  permission={EDIT}
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete([r.id])}
                >
                  <Button type="link" size="small" danger data-testid="sync-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </TableActions>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <SyncGroupFormModal
          group={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
      {detailOf !== null ? (
        <SyncGroupDrawer
          groupId={detailOf}
          onClose={() => setDetailOf(null)}
          onRestart={(id) => onRestart(id)}
        />
      ) : null}
    </Card>
  );
}
