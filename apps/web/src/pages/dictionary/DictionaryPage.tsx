import { PlusOutlined } from '@ant-design/icons';
import type { DictEntry, DictSortField } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Space, Table, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
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
  const [search] = Form.useForm<{ keyword?: string }>();
  const [params, setParams] = useState<DictListParams>({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<DictEntry | null | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);

  const entries = useQuery({
    queryKey: ['dict', 'list', params],
    queryFn: ({ signal }) => listDict(params, signal),
    placeholderData: keepPreviousData,
  });
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

  const sortOrderOf = (field: DictSortField) =>
    params.sortField === field ? (params.sortOrder === 'desc' ? 'descend' : 'ascend') : null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6}>
        <DictTypeList
          value={params.type}
          onChange={(type) => {
            setSelected([]);
            setParams((p) => ({ ...p, pageNo: 1, type }));
          }}
        />
      </Col>
      <Col xs={24} md={18}>
        <Card title={t('title')}>
          <Form
            form={search}
            name="dictSearch"
            layout="inline"
            onFinish={(v) => setParams((p) => ({ ...p, pageNo: 1, keyword: v.keyword?.trim() || undefined }))}
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
            <Space>
              <Button type="primary" htmlType="submit" data-testid="dict-search">
                {tc('common.search')}
              </Button>
              <Button
                onClick={() => {
                  search.resetFields();
                  setParams((p) => ({ ...p, pageNo: 1, keyword: undefined }));
                }}
              >
                {tc('common.reset')}
              </Button>
            </Space>
          </Form>
          <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
            <Authorized permission="sys:dict:delete">
              <Popconfirm
                title={tc('common.confirmDeleteSelected', { count: selected.length })}
                onConfirm={() => onDelete(selected)}
                okText={tc('common.yes')}
                cancelText={tc('common.no')}
                disabled={!selected.length || !can('sys:dict:delete')}
              >
                <Button danger disabled={!selected.length || !can('sys:dict:delete')}>
                  {tc('common.delete')}
                </Button>
              </Popconfirm>
            </Authorized>
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
            loading={entries.isFetching}
            dataSource={entries.data?.list ?? []}
            locale={{ emptyText: tc('common.emptyList') }}
            scroll={{ x: 860 }}
            rowSelection={
              can('sys:dict:delete')
                ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
                : undefined
            }
            pagination={{
              current: params.pageNo,
              pageSize: params.pageSize,
              total: entries.data?.count ?? 0,
              showSizeChanger: true,
              showTotal: (total) => tc('common.total', { total }),
            }}
            onChange={(pagination, _filters, sorter) => {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DictEntry> | undefined;
              const field = SORTABLE.find((f) => f === s?.columnKey);
              setParams((p) => ({
                ...p,
                pageNo: pagination.current ?? 1,
                pageSize: pagination.pageSize ?? 10,
                sortField: s?.order && field ? field : undefined,
                sortOrder: s?.order && field ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
              }));
            }}
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
                    <Authorized permission="sys:dict:delete">
                      <Popconfirm
                        title={tc('common.confirmDelete', { name: `${r.type} / ${r.value}` })}
                        onConfirm={() => onDelete([r.id])}
                        okText={tc('common.yes')}
                        cancelText={tc('common.no')}
                        disabled={!can('sys:dict:delete')}
                      >
                        <Button
                          disabled={!can('sys:dict:delete')}
                          type="link"
                          size="small"
                          danger
                          data-testid="dict-delete"
                        >
                          {tc('common.delete')}
                        </Button>
                      </Popconfirm>
                    </Authorized>
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
