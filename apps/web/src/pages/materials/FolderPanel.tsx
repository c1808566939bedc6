import {
  AppstoreOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOutlined,
  HomeOutlined,
} from '@ant-design/icons';
import type { MaterialFolder } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Empty, Flex, Skeleton, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedIconButton } from '../../components/admin/GuardedIconButton';
import { useConfirmDelete } from '../../components/admin/use-confirm-delete';
import { deleteFolder, moveFolder, saveFolder } from '../../services/material';
import { buildFolderTree, folderAndDescendants, type FolderNode } from './folder-tree';
import { FolderDropTarget } from './FolderDropTarget';
import { FolderNameModal, FolderPickerModal } from './FolderModals';
import { materialErrorText } from './material-errors';
import type { FolderSelection } from './material-query';

/** Query key of the folder tree. */
export const FOLDERS_KEY = ['material', 'folders'] as const;

/** Props of {@link FolderPanel}. */
export interface FolderPanelProps {
  folders: readonly MaterialFolder[];
  loading: boolean;
  selected: FolderSelection;
  onSelect(selection: FolderSelection): void;
  /** Moves materials dropped on a folder; absent when the user may not move materials. */
  onDropMaterials?: (ids: number[], folderId: number | null) => void;
}

type Dialog =
  { kind: 'create' } | { kind: 'rename'; folder: MaterialFolder } | { kind: 'move'; folder: MaterialFolder };

const label = (name: string, count?: number) => (
  <span>
    {name}
    {count !== undefined ? <Typography.Text type="secondary"> ({count})</Typography.Text> : null}
  </span>
);

const toTreeData = (nodes: FolderNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: label(node.name, node.materialCount),
    icon: <FolderOutlined />,
    children: toTreeData(node.children),
  }));

/** The folder tree: All materials, the top level and the folders (with counts); create, rename, move, delete. */
export function FolderPanel({ folders, loading, selected, onSelect, onDropMaterials }: FolderPanelProps) {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const askDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Everything starts expanded; afterwards the user's choice, plus each folder something was created in.
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const expandedKeys = expanded ?? ['root', ...folders.map((f) => f.id)];
  const expand = (key: Key) => setExpanded([...new Set([...expandedKeys, key])]);
  const current = typeof selected === 'number' ? folders.find((f) => f.id === selected) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['material'] });

  const treeData = useMemo<TreeDataNode[]>(
    () => [
      { key: 'all', title: label(t('folders.all')), icon: <AppstoreOutlined /> },
      {
        key: 'root',
        title: label(t('folders.topLevel')),
        icon: <HomeOutlined />,
        children: toTreeData(buildFolderTree(folders)),
      },
    ],
    [folders, t],
  );

  const confirmDelete = (folder: MaterialFolder) =>
    askDelete({
      title: tc('common.confirmDelete', { name: folder.name }),
      okButtonId: 'folder-delete-ok',
      remove: async () => {
        await deleteFolder(folder.id);
        void message.success(t('folders.deleted'));
        onSelect(folder.parentId ?? 'root');
        await refresh();
      },
      errorText: materialErrorText,
    });

  // The toolbar: create works anywhere; the others act on the selected folder.
  const folderActions = [
    {
      key: 'create',
      permission: 'res:material:add',
      icon: <FolderAddOutlined />,
      run: () => setDialog({ kind: 'create' }),
    },
    {
      key: 'rename',
      permission: 'res:material:edit',
      icon: <EditOutlined />,
      run: () => current && setDialog({ kind: 'rename', folder: current }),
    },
    {
      key: 'move',
      permission: 'res:material:edit',
      icon: <DragOutlined />,
      run: () => current && setDialog({ kind: 'move', folder: current }),
    },
    {
      key: 'delete',
      permission: 'res:material:delete',
      icon: <DeleteOutlined />,
      run: () => current && confirmDelete(current),
    },
  ] as const;

  return (
    <Flex vertical gap={8} data-testid="folder-panel">
      <Space size={4} wrap>
        {folderActions.map((a) => (
          <GuardedIconButton
            key={a.key}
            title={t(`folders.${a.key}`)}
            permission={a.permission}
            icon={a.icon}
            danger={a.key === 'delete'}
            disabled={a.key !== 'create' && !current}
            onClick={a.run}
            testId={`folder-${a.key}`}
          />
        ))}
      </Space>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Tree
          showIcon
          blockNode
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={[selected]}
          titleRender={(node) =>
            node.key === 'all' ? (
              (node.title as ReactNode)
            ) : (
              <FolderDropTarget
                folderId={node.key === 'root' ? null : (node.key as number)}
                onDrop={onDropMaterials}
              >
                {node.title as ReactNode}
              </FolderDropTarget>
            )
          }
          onSelect={(keys) => {
            if (keys[0] !== undefined) onSelect(keys[0] as FolderSelection);
          }}
          data-testid="folder-tree"
        />
      )}
      {!loading && folders.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folders.empty')} />
      ) : null}
      {dialog?.kind === 'create' ? (
        <FolderNameModal
          title={current ? t('folders.createIn', { name: current.name }) : t('folders.create')}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            const { id } = await saveFolder({ parentId: current?.id ?? null, name });
            expand(current?.id ?? 'root');
            void message.success(t('folders.saved'));
            await refresh();
            onSelect(id);
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <FolderNameModal
          title={t('folders.rename')}
          initialName={dialog.folder.name}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            await saveFolder({ id: dialog.folder.id, parentId: dialog.folder.parentId, name });
            void message.success(t('folders.saved'));
            await refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <FolderPickerModal
          title={t('folders.moveTitle', { name: dialog.folder.name })}
          folders={folders}
          excluded={folderAndDescendants(folders, dialog.folder.id)}
          onClose={() => setDialog(null)}
          onPick={async (parentId) => {
            await moveFolder(dialog.folder.id, parentId);
            void message.success(t('folders.moved'));
            await refresh();
          }}
        />
      ) : null}
    </Flex>
  );
}
