import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem, RoleSortField } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { deleteRoles, listRoles, type RoleListParams } from '../../services/role';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
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
  const table = useServerTable<RoleItem, RoleListParams, { name?: string; code?: string }>({
    queryKey: ['role', 'list'],
    fetch: listRoles,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [membersOf, setMembersOf] = useState<RoleItem | null>(null);

  // Every role query (members, permission tree) may change with a save or a delete.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['role'] });

  const onDelete = async (role: RoleItem) => {
    try {
      await deleteRoles([role.id]);
      void message.success(t('deleted'));
      await refresh();
    } catch (failure) {
      void message.error(roleErrorText(failure, permissionName));
    }
  };

  return (
    <Card title={t('title')}>
      <Form
        form={table.form}
        name="roleSearch"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('name')}>
          <Input allowClear maxLength={100} data-testid="role-search-name" />
        </Form.Item>
        <Form.Item name="code" label={t('code')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="role-search" />
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
        {...table.tableProps}
        scroll={{ x: 900 }}
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
