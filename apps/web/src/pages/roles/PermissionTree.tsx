import type { PermissionNode } from '@apm/contract';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useLocaleStore } from '../../stores/locale';
import { grantsOf, toGrantTree } from './permission-tree';

/** Props of {@link PermissionTree}; `value`/`onChange` make it a Form control. */
export interface PermissionTreeProps {
  nodes: readonly PermissionNode[];
  value?: string[];
  onChange?: (grants: string[]) => void;
  disabled?: boolean;
}

/**
 * The permission catalogue as a checkable tree: groups, pages, and operations as leaves. Operations
 * the user does not hold are disabled; the value is the checked permission strings.
 */
export function PermissionTree({ nodes, value = [], onChange, disabled }: PermissionTreeProps) {
  const language = useLocaleStore((s) => s.language);
  const treeData = useMemo(() => toGrantTree(nodes, language), [nodes, language]);
  return (
    <div
      style={{ maxHeight: 360, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
      data-testid="permission-tree"
    >
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => onChange?.(grantsOf(Array.isArray(checked) ? checked : checked.checked))}
        virtual={false}
      />
    </div>
  );
}
