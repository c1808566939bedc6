import { PlusOutlined } from '@ant-design/icons';
import type { StrategyDetail, StrategySortField, StrategySummary } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteStrategies,
  getStrategy,
  listStrategies,
  strategyKeys,
  type StrategyListParams,
} from '../../services/strategies';
import { StrategyFormModal } from './StrategyFormModal';
import { StrategyTerminalsDrawer } from './StrategyTerminalsDrawer';
import { strategyErrorText } from './strategy-errors';

const SORTABLE: readonly StrategySortField[] = ['name', 'createdAt', 'updatedAt', 'terminalCount'];

/**
 * `terminal/strategy`: terminal strategies (power, volume, brightness by time; download windows,
 * screenshots, daily restart) with search, sorting and paging; create, edit, delete, and each one's
 * terminals — linked, sent, and how each applied it.
 */
export default function StrategiesPage() {
  const { t } = useTranslation('strategies');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const table = useServerTable<StrategySummary, StrategyListParams, { keyword?: string }>({
    queryKey: strategyKeys.list,
    fetch: listStrategies,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const [editing, setEditing] = useState<StrategyDetail | null | undefined>(undefined);
  const [terminalsOf, setTerminalsOf] = useState<StrategySummary | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all });

  const edit = async (id: number) => {
    try {
      setEditing(await getStrategy(id));
    } catch (failure) {
      void message.error(strategyErrorText(failure));
    }
  };

  const onDelete = async (ids: number[]) => {
    try {
      await deleteStrategies(ids);
      void message.success(t('deleted'));
      setSelected([]);
      await refresh();
    } catch (failure) {
      void message.error(strategyErrorText(failure));
    }
  };

  return (
    <Card title={t('title')}>
      <Form
        form={table.form}
        name="strategySearch"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword" label={tc('common.keyword')}>
          <Input
            allowClear
            maxLength={100}
            placeholder={t('keywordHint')}
            data-testid="strategy-search-keyword"
          />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="strategy-search" />
      </Form>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <GuardedConfirm
          permission="terminal:strategy:delete"
          title={tc('common.confirmDeleteSelected', { count: selected.length })}
          onConfirm={() => onDelete(selected)}
          disabled={!selected.length}
        >
          <Button danger disabled={!selected.length}>
            {tc('common.delete')}
          </Button>
        </GuardedConfirm>
        <Authorized permission="terminal:strategy:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="strategy-create"
          >
            {t('create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<StrategySummary>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 900 }}
        rowSelection={
          can('terminal:strategy:delete')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        columns={[
          { key: 'name', title: t('name'), dataIndex: 'name', sorter: true, sortOrder: sortOrderOf('name') },
          { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
          { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
          {
            key: 'terminalCount',
            title: t('terminalCount'),
            sorter: true,
            sortOrder: sortOrderOf('terminalCount'),
            render: (_, r) => (
              <Space size={4} data-testid="strategy-terminal-count">
                {r.terminalCount}
                {r.pendingCount ? (
                  <Tag color="gold">{t('pendingCount', { count: r.pendingCount })}</Tag>
                ) : null}
              </Space>
            ),
          },
          { key: 'revision', title: t('revision'), dataIndex: 'revision' },
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
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setTerminalsOf(r)}
                  data-testid="strategy-terminals"
                >
                  {t('terminals')}
                </Button>
                <Authorized permission="terminal:strategy:edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void edit(r.id)}
                    data-testid="strategy-edit"
                  >
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="terminal:strategy:delete"
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete([r.id])}
                >
                  <Button type="link" size="small" danger data-testid="strategy-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <StrategyFormModal
          strategy={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
      {terminalsOf ? (
        <StrategyTerminalsDrawer strategy={terminalsOf} onClose={() => setTerminalsOf(null)} />
      ) : null}
    </Card>
  );
}
