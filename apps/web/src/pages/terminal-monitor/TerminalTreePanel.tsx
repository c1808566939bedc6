import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TerminalGroupNode } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Flex, Skeleton, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedIconButton } from '../../components/admin/GuardedIconButton';
import { useConfirmDelete } from '../../components/admin/use-confirm-delete';
import { deleteTerminalGroup, getGroupTree, saveTerminalGroup } from '../../services/terminal';
import { GroupNameModal } from './GroupNameModal';
import { terminalErrorText } from './terminal-errors';
import { findGroup, type OfficeTreeItem } from './terminal-logic';
import { TERMINAL_KEY, useTerminalOfficeTree } from './use-terminal-office-tree';
import type { TerminalOfficeNode } from '../../services/terminal';

/** Where the list looks: an institution (and below), and optionally one of its groups (and below). */
export interface TreeSelection {
  officeId?: number;
  groupId?: number;
}

/** Props of {@link TerminalTreePanel}. */
export interface TerminalTreePanelProps {
  selection: TreeSelection;
  onSelect(selection: TreeSelection): void;
}

const ALL_GROUPS = 'all';

const count = (text: string) => <Typography.Text type="secondary"> ({text})</Typography.Text>;

const officeTreeData = (items: OfficeTreeItem<TerminalOfficeNode>[]): TreeDataNode[] =>
  items.map((i) => ({
    key: i.key,
    isLeaf: i.isLeaf,
    title: (
      <span data-testid="terminal-office-node">
        {i.node.name}
        {count(`${i.node.onlineCount}/${i.node.terminalCount}`)}
      </span>
    ),
    children: i.children ? officeTreeData(i.children) : undefined,
  }));

const groupTreeData = (nodes: TerminalGroupNode[]): TreeDataNode[] =>
  nodes.map((g) => ({
    key: g.id,
    title: (
      <span data-testid="terminal-group-node">
        {g.name}
        {count(String(g.terminalCount))}
      </span>
    ),
    children: groupTreeData(g.children),
  }));

/** Left of the page: the institution tree with terminal counts, and the chosen institution's groups. */
export function TerminalTreePanel({ selection, onSelect }: TerminalTreePanelProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const askDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const offices = useTerminalOfficeTree();
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);
  const { officeId, groupId } = selection;
  const groups = useQuery({
    queryKey: [...TERMINAL_KEY, 'groups', officeId],
    queryFn: ({ signal }) => getGroupTree(officeId!, signal),
    enabled: officeId !== undefined,
  });
  const current = groupId !== undefined ? findGroup(groups.data ?? [], groupId) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });

  const officeData = useMemo(() => officeTreeData(offices.items), [offices.items]);
  const groupData = useMemo<TreeDataNode[]>(
    () => [
      {
        key: ALL_GROUPS,
        title: t('tree.allGroups'),
        icon: <ApartmentOutlined />,
        children: groupTreeData(groups.data ?? []),
      },
    ],
    [groups.data, t],
  );

  const confirmDelete = (group: TerminalGroupNode) =>
    askDelete({
      title: tc('common.confirmDelete', { name: group.name }),
      okButtonId: 'terminal-group-delete-ok',
      remove: async () => {
        await deleteTerminalGroup(group.id);
        void message.success(t('tree.groupDeleted'));
        onSelect({ officeId });
        await refresh();
      },
      errorText: terminalErrorText,
    });

  const groupActions = [
    { key: 'createGroup', permission: 'terminal:monitor:add', icon: <PlusOutlined />, needs: false },
    { key: 'renameGroup', permission: 'terminal:monitor:edit', icon: <EditOutlined />, needs: true },
    { key: 'deleteGroup', permission: 'terminal:monitor:delete', icon: <DeleteOutlined />, needs: true },
  ] as const;
  const runGroupAction = (key: (typeof groupActions)[number]['key']) => {
    if (key === 'createGroup') setDialog('create');
    else if (key === 'renameGroup') setDialog('rename');
    else if (current) confirmDelete(current);
  };

  return (
    <Flex vertical gap={16} data-testid="terminal-tree-panel">
      <div>
        <Typography.Title level={5}>{t('tree.offices')}</Typography.Title>
        {offices.loading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : officeData.length ? (
          <Tree
            blockNode
            showLine
            treeData={officeData}
            defaultExpandedKeys={offices.items.map((i) => i.key)}
            selectedKeys={officeId !== undefined ? [officeId] : []}
            loadData={(node) => offices.loadChildren(Number(node.key))}
            onSelect={(keys) => onSelect({ officeId: keys.length ? Number(keys[0]) : undefined })}
            data-testid="terminal-office-tree"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tc('common.emptyList')} />
        )}
      </div>
      <div>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('tree.groups')}
          </Typography.Title>
          <Space size={4}>
            {groupActions.map((a) => (
              <GuardedIconButton
                key={a.key}
                title={t(`tree.${a.key}`)}
                permission={a.permission}
                icon={a.icon}
                danger={a.key === 'deleteGroup'}
                disabled={officeId === undefined || (a.needs && !current)}
                onClick={() => runGroupAction(a.key)}
                testId={`terminal-${a.key}`}
              />
            ))}
          </Space>
        </Flex>
        {officeId === undefined ? (
          <Typography.Text type="secondary">{t('tree.pickOffice')}</Typography.Text>
        ) : groups.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Tree
            showIcon
            blockNode
            defaultExpandAll
            treeData={groupData}
            selectedKeys={[groupId ?? ALL_GROUPS]}
            onSelect={(keys) => {
              const key = keys[0];
              onSelect({
                officeId,
                groupId: key === undefined || key === ALL_GROUPS ? undefined : Number(key),
              });
            }}
            data-testid="terminal-group-tree"
          />
        )}
        {officeId !== undefined && !groups.isLoading && !groups.data?.length ? (
          <Typography.Text type="secondary">{t('tree.noGroups')}</Typography.Text>
        ) : null}
      </div>
      {dialog && officeId !== undefined ? (
        <GroupNameModal
          title={
            dialog === 'rename'
              ? t('tree.renameGroup')
              : current
                ? t('tree.createGroupIn', { name: current.name })
                : t('tree.createGroup')
          }
          initialName={dialog === 'rename' ? current?.name : undefined}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            const { id } = await saveTerminalGroup(
              dialog === 'rename' && current
                ? { id: current.id, officeId, name }
                : { officeId, parentId: current?.id, name },
            );
            void message.success(t('tree.groupSaved'));
            await refresh();
            onSelect({ officeId, groupId: id });
          }}
        />
      ) : null}
    </Flex>
  );
}
