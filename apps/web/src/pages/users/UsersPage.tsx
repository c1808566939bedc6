import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { CellText, TableActions, TagList } from '../../components/admin/TableCells';
import { useAccountStore } from '../../stores/account';
import {
  deleteUsers,
  listAssignableRoles,
  listUsers,
  setUserEnabled,
  type AdminUser,
  type UserListParams,
  type UserSortField,
} from '../../services/user-admin';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';
import { userErrorText } from './user-errors';

const SORTABLE: readonly UserSortField[] = ['loginName', 'name', 'createdAt', 'lastLoginAt'];

interface Filters {
  name?: string;
  officeId?: number;
  roleId?: number;
  enabled?: '1' | '0';
}

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/** `sys/user/`: the users in the caller's data range, with filters, sorting, paging and editing. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const me = useAccountStore((s) => s.user);
  const table = useServerTable<AdminUser, UserListParams, Filters>({
    queryKey: ['user', 'list'],
    fetch: listUsers,
    sortable: SORTABLE,
  });
  const { refresh, sortOrderOf } = table;
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const roles = useQuery({
    queryKey: ['user', 'assignableRoles'],
    queryFn: ({ signal }) => listAssignableRoles(signal),
  });

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      await refresh();
    } catch (failure) {
      void message.error(userErrorText(failure));
    }
  };

  const isMe = (u: AdminUser) => me?.id === u.id;

  return (
    <Card title={t('title')}>
      <Form
        form={table.form}
        name="userFilter"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('searchName')}>
          <Input allowClear maxLength={100} data-testid="user-search-name" />
        </Form.Item>
        <Form.Item name="officeId" label={t('office')}>
          <OfficeTreeSelect placeholder={t('anyOffice')} allowClear style={{ minWidth: 200 }} />
        </Form.Item>
        <Form.Item name="roleId" label={t('roles')}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('anyRole')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
            showSearch
          />
        </Form.Item>
        <Form.Item name="enabled" label={tc('common.status')}>
          <Select
            allowClear
            style={{ minWidth: 120 }}
            placeholder={tc('common.all')}
            options={[
              { value: '1', label: tc('common.enabled') },
              { value: '0', label: tc('common.disabled') },
            ]}
          />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="user-search" />
      </Form>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="sys:user:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="user-create"
          >
            {t('create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<AdminUser>
        rowKey="id"
        {...table.tableProps}
        size="middle"
        // Fixed widths: long texts are cut (whole in a tooltip) rather than widening the table past the page.
        tableLayout="fixed"
        columns={[
          {
            key: 'loginName',
            title: t('loginName'),
            dataIndex: 'loginName',
            width: 110,
            sorter: true,
            sortOrder: sortOrderOf('loginName'),
            render: (v: string) => <CellText text={v} />,
          },
          {
            key: 'name',
            title: t('name'),
            dataIndex: 'name',
            width: 120,
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (v: string) => <CellText text={v} />,
          },
          {
            key: 'office',
            title: t('office'),
            dataIndex: 'officeName',
            width: 110,
            render: (v: string | null) => <CellText text={v} />,
          },
          {
            key: 'roles',
            title: t('roles'),
            render: (_, u) => <TagList items={u.roles.map((r) => ({ key: r.id, label: r.name }))} max={3} />,
          },
          { key: 'email', title: t('email'), width: 150, render: (_, u) => <CellText text={u.email} /> },
          { key: 'phone', title: t('phone'), width: 110, render: (_, u) => <CellText text={u.phone} /> },
          {
            key: 'enabled',
            width: 72,
            title: tc('common.status'),
            render: (_, u) => (
              <Authorized permission="sys:user:edit">
                <Switch
                  size="small"
                  checked={u.enabled}
                  disabled={isMe(u)}
                  aria-label={`${tc('common.status')} ${u.loginName}`}
                  data-testid="user-enabled"
                  onChange={(enabled) =>
                    act(() => setUserEnabled(u.id, enabled), enabled ? t('enabledDone') : t('disabledDone'))
                  }
                />
              </Authorized>
            ),
          },
          {
            key: 'lastLoginAt',
            title: t('lastLogin'),
            width: 96,
            dataIndex: 'lastLoginAt',
            sorter: true,
            sortOrder: sortOrderOf('lastLoginAt'),
            render: formatTime,
          },
          {
            key: 'createdAt',
            title: tc('common.createdAt'),
            width: 96,
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: sortOrderOf('createdAt'),
            render: formatTime,
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 130,
            render: (_, u) => (
              <TableActions>
                <Authorized permission="sys:user:edit">
                  <Button type="link" size="small" onClick={() => setEditing(u)} data-testid="user-edit">
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                <Authorized permission="sys:user:edit">
                  <Button type="link" size="small" onClick={() => setResetting(u)} data-testid="user-reset">
                    {t('resetPassword')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="sys:user:delete"
                  title={tc('common.confirmDelete', { name: u.name })}
                  onConfirm={() => act(() => deleteUsers([u.id]), t('deleted'))}
                  disabled={isMe(u)}
                >
                  <Button type="link" size="small" danger disabled={isMe(u)} data-testid="user-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </TableActions>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <UserFormModal
          user={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
      {resetting ? <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} /> : null}
    </Card>
  );
}
