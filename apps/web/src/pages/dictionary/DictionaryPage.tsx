import { PlusOutlined } from '@ant-design/icons';
import type { DictEntry, DictSortField } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Row, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { deleteDict, listDict, type DictListParams } from '../../services/dictionary';
import { useLocaleStore } from '../../stores/locale';
import { DictFormModal } from './DictFormModal';
import { DictTypeList } from './DictTypeList';
import { dictErrorText } from './dict-errors';

const SORTABLE: readonly DictSortField[] = ['type', 'value', 'sort', 'updatedAt'];

/** `sys/dict`: dictionary types and their entries, with search, sorting, paging and editing. */
export default function DictionaryPage() {
  const { t } = useTranslation('dictionary');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const language = useLocaleStore((s) => s.language);
  const queryClient = useQueryClient();
  const table = useServerTable<DictEntry, DictListParams, { keyword?: string }>({
    queryKey: ['dict', 'list'],
    fetch: listDict,
    sortable: SORTABLE,
  });
  const { params, sortOrderOf } = table;
  const [editing, setEditing] = useState<DictEntry | null | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);

  // The type list's counts change with the entries.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dict'] });

  const onDelete = async (ids: number[]) => {
    try {
      await deleteDict(ids);
      void message.success(t('deleted'));
      setSelected([]);
      await refresh();
    } catch (failure) {
      void message.error(dictErrorText(failure));
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6}>
        <DictTypeList
          value={params.type}
          onChange={(type) => {
            setSelected([]);
            table.setFilter({ type });
          }}
        />
      </Col>
      <Col xs={24} md={18}>
        <Card title={t('title')}>
          <Form
            form={table.form}
            name="dictSearch"
            layout="inline"
            onFinish={table.search}
            style={{ marginBottom: 16, rowGap: 8 }}
          >
            <Form.Item name="keyword" label={tc('common.keyword')}>
              <Input
                allowClear
                maxLength={200}
                placeholder={t('keywordHint')}
                data-testid="dict-search-keyword"
              />
            </Form.Item>
            <SearchActions onReset={table.reset} testId="dict-search" />
          </Form>
          <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
            <GuardedConfirm
              permission="sys:dict:delete"
              title={tc('common.confirmDeleteSelected', { count: selected.length })}
              onConfirm={() => onDelete(selected)}
              disabled={!selected.length}
            >
              <Button danger disabled={!selected.length}>
                {tc('common.delete')}
              </Button>
            </GuardedConfirm>
            <Authorized permission="sys:dict:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing(null)}
                data-testid="dict-create"
              >
                {t('create')}
              </Button>
            </Authorized>
          </Flex>
          <Table<DictEntry>
            rowKey="id"
            {...table.tableProps}
            scroll={{ x: 860 }}
            rowSelection={
              can('sys:dict:delete')
                ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
                : undefined
            }
            columns={[
              {
                key: 'type',
                title: t('type'),
                dataIndex: 'type',
                sorter: true,
                sortOrder: sortOrderOf('type'),
              },
              {
                key: 'value',
                title: t('value'),
                dataIndex: 'value',
                sorter: true,
                sortOrder: sortOrderOf('value'),
              },
              { key: 'label', title: t('label'), render: (_, r) => r.labels[language] ?? r.labels.US },
              {
                key: 'sort',
                title: tc('common.sort'),
                dataIndex: 'sort',
                sorter: true,
                sortOrder: sortOrderOf('sort'),
              },
              {
                key: 'enabled',
                title: tc('common.status'),
                render: (_, r) =>
                  r.enabled ? (
                    <Tag color="green">{tc('common.enabled')}</Tag>
                  ) : (
                    <Tag>{tc('common.disabled')}</Tag>
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
                render: (_, r) => (
                  <Space size={0}>
                    <Authorized permission="sys:dict:edit">
                      <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="dict-edit">
                        {tc('common.edit')}
                      </Button>
                    </Authorized>
                    <GuardedConfirm
                      permission="sys:dict:delete"
                      title={tc('common.confirmDelete', { name: `${r.type} / ${r.value}` })}
                      onConfirm={() => onDelete([r.id])}
                    >
                      <Button type="link" size="small" danger data-testid="dict-delete">
                        {tc('common.delete')}
                      </Button>
                    </GuardedConfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      {editing !== undefined ? (
        <DictFormModal
          entry={editing}
          defaultType={params.type}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
    </Row>
  );
}
