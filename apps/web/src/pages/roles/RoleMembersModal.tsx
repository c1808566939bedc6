import type { RoleItem, RoleMember } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { assignRoleUsers, listRoleMembers, removeRoleUsers } from '../../services/role';
import { listUsers } from '../../services/user-admin';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { roleErrorText } from './role-errors';
import { useDebounced } from '../../utils/use-debounced';

/** Props of {@link RoleMembersModal}. */
export interface RoleMembersModalProps {
  role: RoleItem;
  onClose(): void;
}

/** The users holding a role (in the caller's data range), with adding and removing. */
export function RoleMembersModal({ role, onClose }: RoleMembersModalProps) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can, permissionName } = useAccess();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [userSearch, setUserSearch] = useState('');
  const debouncedSearch = useDebounced(userSearch, 300);
  const [busy, setBusy] = useState(false);

  const members = useQuery({
    queryKey: ['role', 'members', role.id, page, name],
    queryFn: ({ signal }) => listRoleMembers({ id: role.id, ...page, name: name || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const candidates = useQuery({
    queryKey: ['role', 'userSearch', debouncedSearch],
    queryFn: ({ signal }) =>
      listUsers({ pageNo: 1, pageSize: 20, name: debouncedSearch || undefined }, signal),
    enabled: can('sys:user:view') && can('sys:role:edit'),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['role'] });
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      void message.success(await action());
      await refresh();
    } catch (failure) {
      void message.error(roleErrorText(failure, permissionName));
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    run(async () => {
      const { added } = await assignRoleUsers(role.id, picked);
      setPicked([]);
      return t('usersAdded', { count: added });
    });
  const remove = (member: RoleMember) =>
    run(async () => t('usersRemoved', { count: (await removeRoleUsers(role.id, [member.id])).removed }));

  return (
    <Modal
      open
      title={t('membersTitle', { name: role.name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{tc('common.close')}</Button>}
      width={760}
    >
      <Flex gap={8} style={{ marginBottom: 16 }} wrap>
        <Select
          mode="multiple"
          style={{ flex: 1, minWidth: 280 }}
          placeholder={t('addUsersPlaceholder')}
          value={picked}
          onChange={setPicked}
          showSearch={{ filterOption: false, onSearch: setUserSearch }}
          loading={candidates.isFetching}
          disabled={!can('sys:role:edit') || !can('sys:user:view')}
          options={(candidates.data?.list ?? []).map((u) => ({
            value: u.id,
            label: `${u.name} (${u.loginName})`,
          }))}
          data-testid="member-picker"
        />
        <Authorized permission="sys:role:edit">
          <Button
            type="primary"
            onClick={add}
            disabled={!picked.length}
            loading={busy}
            data-testid="member-add"
          >
            {t('addUsers')}
          </Button>
        </Authorized>
      </Flex>
      <Input.Search
        allowClear
        placeholder={tc('common.keyword')}
        onSearch={(value) => {
          setName(value.trim());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        style={{ marginBottom: 12, maxWidth: 320 }}
      />
      <Table<RoleMember>
        rowKey="id"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        locale={{ emptyText: tc('common.emptyList') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: members.data?.count ?? 0,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { key: 'loginName', dataIndex: 'loginName', title: t('loginName') },
          { key: 'name', dataIndex: 'name', title: t('userName') },
          { key: 'office', dataIndex: 'officeName', title: t('office') },
          {
            key: 'enabled',
            title: tc('common.status'),
            render: (_, m) =>
              m.enabled ? (
                <Tag color="green">{tc('common.enabled')}</Tag>
              ) : (
                <Tag>{tc('common.disabled')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            render: (_, m) => (
              <GuardedConfirm
                permission="sys:role:edit"
                title={t('confirmRemove', { name: m.name })}
                onConfirm={() => remove(m)}
              >
                <Button type="link" danger size="small" disabled={busy}>
                  {t('remove')}
                </Button>
              </GuardedConfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
