import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem, RoleSortField } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Space, Table, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { deleteRoles, listRoles, type RoleListParams } from '../../services/role';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { RoleFormModal } from './RoleFormModal';
import { RoleMembersModal } from './RoleMembersModal';
import { roleErrorText } from './role-errors';

const SORTABLE: readonly RoleSortField[] = ['name', 'code', 'userCount', 'createdAt'];

/** `sys/role`: the roles the user may see, with search, sorting, paging, editing and members. */
export default function RolesPage() {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { permissionName } = useAccess();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<{ name?: string; code?: string }>();
  const [params, setParams] = useState<RoleListParams>({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [membersOf, setMembersOf] = useState<RoleItem | null>(null);

  const roles = useQuery({
    queryKey: ['role', 'list', params],
    queryFn: ({ signal }) => listRoles(params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['role'] });

  const onSearch = (values: { name?: string; code?: string }) =>
    setParams((p) => ({
      ...p,
      pageNo: 1,
      name: values.name?.trim() || undefined,
      code: values.code?.trim() || undefined,
    }));

  const onDelete = async (role: RoleItem) => {
    try {
      await deleteRoles([role.id]);
      void message.success(t('deleted'));
      await refresh();
    } catch (failure) {
      void message.error(roleErrorText(failure, permissionName));
    }
  };

  const sortOrderOf = (field: RoleSortField) =>
    params.sortField === field ? (params.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

  return (
    <Card title={t('title')}>
      <Form
        form={search}
        name="roleSearch"
        layout="inline"
        onFinish={onSearch}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('name')}>
          <Input allowClear maxLength={100} data-testid="role-search-name" />
        </Form.Item>
        <Form.Item name="code" label={t('code')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="role-search">
            {tc('common.search')}
          </Button>
          <Button
            onClick={() => {
              search.resetFields();
              onSearch({});
            }}
          >
            {tc('common.reset')}
          </Button>
        </Space>
      </Form>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="sys:role:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="role-create"
          >
            {t('create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<RoleItem>
        rowKey="id"
        loading={roles.isFetching}
        dataSource={roles.data?.list ?? []}
        locale={{ emptyText: tc('common.emptyList') }}
        scroll={{ x: 900 }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: roles.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RoleItem> | undefined;
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
            key: 'name',
            title: t('name'),
            dataIndex: 'name',
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (name: string, r) => (
              <Space>
                {name}
                {r.isSystem ? <Tag color="blue">{t('system')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'code', title: t('code'), dataIndex: 'code', sorter: true, sortOrder: sortOrderOf('code') },
          {
            key: 'office',
            title: t('office'),
            render: (_, r) => r.officeName ?? t('platform'),
          },
          {
            key: 'userCount',
            title: t('userCount'),
            dataIndex: 'userCount',
            sorter: true,
            sortOrder: sortOrderOf('userCount'),
          },
          { key: 'remarks', title: tc('common.remarks'), dataIndex: 'remarks', ellipsis: true },
          {
            key: 'createdAt',
            title: tc('common.createdAt'),
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: sortOrderOf('createdAt'),
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            render: (_, r) => (
              <Space size={0} wrap>
                <Authorized permission="sys:role:edit">
                  <Button type="link" size="small" onClick={() => setEditing(r.id)} data-testid="role-edit">
                    {r.editable ? tc('common.edit') : tc('common.details')}
                  </Button>
                </Authorized>
                <Button type="link" size="small" onClick={() => setMembersOf(r)} data-testid="role-members">
                  {t('members')}
                </Button>
                <GuardedConfirm
                  permission="sys:role:delete"
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete(r)}
                  disabled={r.isSystem || !r.editable}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={r.isSystem || !r.editable}
                    title={r.isSystem ? t('errors.systemRole') : undefined}
                    data-testid="role-delete"
                  >
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <RoleFormModal
          roleId={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
      {membersOf ? <RoleMembersModal role={membersOf} onClose={() => setMembersOf(null)} /> : null}
    </Card>
  );
}
