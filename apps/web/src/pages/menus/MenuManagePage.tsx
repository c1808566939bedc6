import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { MenuIcon } from '../../layouts/shell/MenuIcon';
import { routeName } from '../../router/menu-routes';
import { deleteMenu, getMenuTree, reorderMenus, type MenuTreeNode } from '../../services/menu';
import { queryKeys } from '../../services/queries';
import { useLocaleStore } from '../../stores/locale';
import { MenuFormModal } from './MenuFormModal';
import { movedOrder, siblingsOf } from './menu-tree';

const TREE_KEY = ['menus', 'tree'] as const;

/** Form state: closed, editing an entry, or creating one below a parent ('' top level). */
type FormState = { open: false } | { open: true; editing?: MenuTreeNode; parentKey?: string };

/** Menu management (sysManage/menuManage): the menu tree, with add, edit, delete and reordering. */
export default function MenuManagePage() {
  const { t } = useTranslation(['menus', 'translation']);
  const { message } = App.useApp();
  const { permissionName } = useAccess();
  const language = useLocaleStore((s) => s.language);
  const queryClient = useQueryClient();
  const [formState, setFormState] = useState<FormState>({ open: false });
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: getMenuTree });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);

  const nameOf = useCallback(
    (node: MenuTreeNode) => routeName({ key: node.key, names: node.name }, language),
    [language],
  );

  /** The tree and the console's own menu (user info carries the routes) are re-read after a change. */
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: TREE_KEY }),
      queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
    ]);
  }, [queryClient]);

  const remove = useMutation({
    mutationFn: (node: MenuTreeNode) => deleteMenu(node.id),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ parentKey, keys }: { parentKey: string; keys: string[] }) => reorderMenus(parentKey, keys),
    onSuccess: async () => {
      void message.success(t('moved'));
      await refresh();
    },
  });

  const moveButton = (node: MenuTreeNode, step: -1 | 1) => {
    const order = movedOrder(siblingsOf(nodes, node.parent), node.key, step);
    const label = step < 0 ? t('moveUp') : t('moveDown');
    return (
      <Authorized permission="sys:menu:edit">
        <Button
          size="small"
          type="text"
          aria-label={label}
          title={label}
          icon={step < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          disabled={!order || move.isPending}
          onClick={() => order && move.mutate({ parentKey: node.parent ?? '', keys: order })}
        />
      </Authorized>
    );
  };

  const columns: ColumnsType<MenuTreeNode> = [
    {
      title: t('columns.name'),
      key: 'name',
      render: (_, node) => (
        <Space>
          {node.icon && <MenuIcon name={node.icon} />}
          <span>{nameOf(node)}</span>
        </Space>
      ),
    },
    {
      title: t('columns.key'),
      dataIndex: 'key',
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    { title: t('columns.path'), dataIndex: 'path', render: (path?: string) => path ?? '—' },
    {
      title: t('columns.permission'),
      dataIndex: 'permission',
      render: (permission: string) =>
        permission === '*' ? (
          t('openToAll')
        ) : (
          <Tooltip title={permission}>
            <span>{permissionName(permission)}</span>
          </Tooltip>
        ),
    },
    { title: t('translation:common.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('columns.visible'),
      dataIndex: 'hidden',
      width: 100,
      render: (hidden: boolean) =>
        hidden ? <Tag>{t('hidden')}</Tag> : <Tag color="green">{t('visibleYes')}</Tag>,
    },
    {
      title: t('translation:common.actions'),
      key: 'actions',
      width: 300,
      render: (_, node) => (
        <Space size={4} wrap>
          {moveButton(node, -1)}
          {moveButton(node, 1)}
          <Authorized permission="sys:menu:add">
            <Button
              size="small"
              type="link"
              onClick={() => setFormState({ open: true, parentKey: node.key })}
            >
              {t('addChild')}
            </Button>
          </Authorized>
          <Authorized permission="sys:menu:edit">
            <Button
              size="small"
              type="link"
              data-testid="menu-edit"
              onClick={() => setFormState({ open: true, editing: node })}
            >
              {t('translation:common.edit')}
            </Button>
          </Authorized>
          <Authorized permission="sys:menu:delete">
            {node.children.length ? (
              <Tooltip title={t('hasChildren', { name: nameOf(node) })}>
                <Button size="small" type="link" danger disabled>
                  {t('translation:common.delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('translation:common.confirmDelete', { name: nameOf(node) })}
                okText={t('translation:common.ok')}
                cancelText={t('translation:common.cancel')}
                onConfirm={() => remove.mutateAsync(node)}
              >
                <Button size="small" type="link" danger data-testid="menu-delete">
                  {t('translation:common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void tree.refetch()}>
            {t('translation:common.refresh')}
          </Button>
          <Authorized permission="sys:menu:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="menu-add-top"
              onClick={() => setFormState({ open: true, parentKey: '' })}
            >
              {t('addTop')}
            </Button>
          </Authorized>
        </Space>
      }
    >
      <Table<MenuTreeNode>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={nodes}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ childrenColumnName: 'children', defaultExpandAllRows: false }}
        locale={{ emptyText: t('translation:common.emptyList') }}
        scroll={{ x: 960 }}
      />
      <MenuFormModal
        open={formState.open}
        tree={nodes}
        editing={formState.open ? formState.editing : undefined}
        parentKey={formState.open ? formState.parentKey || undefined : undefined}
        nameOf={nameOf}
        onClose={() => setFormState({ open: false })}
        onSaved={() => {
          setFormState({ open: false });
          void refresh();
        }}
      />
    </Card>
  );
}
