/** Turns the server's permission tree into antd Tree data. Pure. */
import { OPERATION_NAMES, PERMISSION_NAMES, type PermissionNode } from '@apm/contract';
import type { Key } from 'react';
import type { Language } from '../../locales/languages';

/** One node of the antd Tree: pages and groups are branches, operations (permission strings) leaves. */
export interface GrantTreeNode {
  key: string;
  title: string;
  disabled?: boolean;
  children?: GrantTreeNode[];
}

type PageNode = Pick<PermissionNode, 'id' | 'name' | 'operations'>;

const pageName = (node: PageNode, language: Language) => PERMISSION_NAMES[node.id]?.[language] ?? node.name;

function operationLeaves(node: PageNode, language: Language): GrantTreeNode[] {
  return node.operations.map((op) => ({
    key: op.key,
    title: OPERATION_NAMES[op.operation]?.[language] ?? op.operation,
    disabled: !op.grantable,
  }));
}

/**
 * Tree data: each group holds its own operations then its pages; a branch whose leaves are all
 * ungrantable is disabled too. Branch keys start with `page:`, so only leaves are grants.
 */
export function toGrantTree(nodes: readonly PermissionNode[], language: Language): GrantTreeNode[] {
  const branch = (node: PageNode, children: GrantTreeNode[]): GrantTreeNode => ({
    key: `page:${node.id}`,
    title: pageName(node, language),
    disabled: allDisabled(children),
    children,
  });
  return nodes.map((group) =>
    branch(group, [
      ...operationLeaves(group, language),
      ...group.children.map((page) => branch(page, operationLeaves(page, language))),
    ]),
  );
}

function allDisabled(nodes: readonly GrantTreeNode[]): boolean {
  return nodes.every((n) => (n.children ? allDisabled(n.children) : n.disabled));
}

/** Only the permission strings among checked keys (leaves), sorted. */
export function grantsOf(checked: readonly Key[]): string[] {
  return checked
    .map(String)
    .filter((k) => !k.startsWith('page:'))
    .sort();
}

/** Every leaf key, for "expand all" and counting. */
export function leafKeys(nodes: readonly GrantTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? leafKeys(n.children) : [n.key]));
}
