/** Dialogs of the folder tree: name a folder (create, rename) and pick a target folder (move). */
import { FolderOutlined } from '@ant-design/icons';
import { MATERIAL_NAME_MAX, type MaterialFolder } from '@apm/contract';
import { Modal, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameModal, type NameDialogProps } from '../../components/NameModal';
import { buildFolderTree, type FolderNode } from './folder-tree';
import { materialErrorText } from './material-errors';

/** Props of {@link FolderNameModal}. */
export type FolderNameModalProps = NameDialogProps;

/** Asks for a folder name (required, at most {@link MATERIAL_NAME_MAX} characters) and saves it. */
export function FolderNameModal(props: FolderNameModalProps) {
  const { t } = useTranslation('materials');
  return (
    <NameModal
      {...props}
      label={t('folders.name')}
      maxLength={MATERIAL_NAME_MAX}
      formName="folder"
      saveButtonId="folder-name-save"
      errorText={materialErrorText}
    />
  );
}

const toTreeData = (nodes: FolderNode[], excluded: Set<number>): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: node.name,
    icon: <FolderOutlined />,
    disabled: excluded.has(node.id),
    children: toTreeData(node.children, excluded),
  }));

/** Props of {@link FolderPickerModal}. */
export interface FolderPickerModalProps {
  title: string;
  folders: readonly MaterialFolder[];
  /** Folders that cannot be chosen (the moved folder and those below it). */
  excluded?: Set<number>;
  /** Moves to the chosen folder (`null`: the top level); a thrown error is shown and keeps the dialog. */
  onPick(folderId: number | null): Promise<unknown>;
  onClose(): void;
}

/** Chooses a target folder (or the top level) from the tree. */
export function FolderPickerModal({ title, folders, excluded, onPick, onClose }: FolderPickerModalProps) {
  const { t } = useTranslation('materials');
  const [target, setTarget] = useState<number | 'root' | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const treeData = useMemo<TreeDataNode[]>(
    () => [
      {
        key: 'root',
        title: t('folders.topLevel'),
        icon: <FolderOutlined />,
        children: toTreeData(buildFolderTree(folders), excluded ?? new Set()),
      },
    ],
    [folders, excluded, t],
  );
  const submit = async () => {
    if (target === undefined) return;
    setSaving(true);
    setError(null);
    try {
      await onPick(target === 'root' ? null : target);
      onClose();
    } catch (failure) {
      setError(materialErrorText(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ disabled: target === undefined, loading: saving, id: 'folder-pick-ok' }}
      destroyOnHidden
    >
      <div data-testid="folder-picker">
        <Tree
          showIcon
          defaultExpandAll
          blockNode
          treeData={treeData}
          selectedKeys={target === undefined ? [] : [target]}
          onSelect={(keys) => setTarget(keys[0] === undefined ? undefined : (keys[0] as number | 'root'))}
        />
      </div>
      {error ? (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', marginTop: 8 }}>
          {error}
        </div>
      ) : null}
    </Modal>
  );
}
