import { Badge, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocaleStore } from '../../stores/locale';
import { firstLeafPath, routeName, type MenuNode } from '../../router/menu-routes';
import { MenuIcon } from './MenuIcon';
import { usePendingReviewBadges } from './use-pending-reviews';

type MenuItem = Required<MenuProps>['items'][number];

/** Props of {@link ShellMenu}. */
export interface ShellMenuProps {
  nodes: readonly MenuNode[];
  /** `inline` in the side menu and the phone drawer, `horizontal` in the header. */
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  /** Keys from the top-level entry down to the current page. */
  currentKeys: readonly string[];
  /** Only the first level, each leading to its first page (mixed layout's header menu). */
  topLevelOnly?: boolean;
  collapsed?: boolean;
  /** Called after a page was chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

/** A menu label with the number of items waiting there (review pages), when there are any. */
function withBadge(name: string, count: number | undefined) {
  if (!count) return name;
  return (
    <span data-testid="menu-badge-label">
      {name} <Badge count={count} size="small" overflowCount={99} style={{ marginInlineStart: 4 }} />
    </span>
  );
}

function toItems(
  nodes: readonly MenuNode[],
  language: Parameters<typeof routeName>[1],
  flat: boolean,
  badges: ReadonlyMap<string, number>,
): MenuItem[] {
  return nodes.map((node) => {
    const { route } = node;
    const icon = route.icon ? <MenuIcon name={route.icon} /> : undefined;
    const label = withBadge(routeName(route, language), badges.get(route.key));
    if (!flat && node.children.length > 0) {
      return { key: route.key, icon, label, children: toItems(node.children, language, false, badges) };
    }
    return { key: route.key, icon, label };
  });
}

function findNode(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.route.key === key) return node;
    const found = findNode(node.children, key);
    if (found) return found;
  }
  return undefined;
}

/** The console's navigation menu, built from the user's filtered menu tree; names follow the language. */
export function ShellMenu({
  nodes,
  mode,
  theme,
  currentKeys,
  topLevelOnly = false,
  collapsed = false,
  onNavigate,
}: ShellMenuProps) {
  const navigate = useNavigate();
  const language = useLocaleStore((s) => s.language);
  const badges = usePendingReviewBadges();
  const [openKeys, setOpenKeys] = useState<string[]>(() => currentKeys.slice(0, -1));
  const currentParents = currentKeys.slice(0, -1).join('/');

  // Navigating elsewhere (tabs, links) opens the new page's group.
  useEffect(() => {
    if (!currentParents) return;
    // The same array when those groups are open already (at mount they are): no second drawing of the menu.
    setOpenKeys((keys) => {
      const added = currentParents.split('/').filter((key) => !keys.includes(key));
      return added.length ? [...keys, ...added] : keys;
    });
  }, [currentParents]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findNode(nodes, key);
    // In the mixed layout's header, a first-level entry jumps to its first page.
    const path = node ? firstLeafPath(node) : undefined;
    if (path) {
      navigate(path);
      onNavigate?.();
    }
  };

  const selectedKeys = topLevelOnly ? currentKeys.slice(0, 1) : currentKeys.slice(-1);
  const inlineProps =
    mode === 'inline' && !collapsed ? { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) } : {};
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={toItems(nodes, language, topLevelOnly, badges)}
      selectedKeys={selectedKeys}
      onClick={onClick}
      style={{ borderInlineEnd: 0, flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
      data-testid={topLevelOnly ? 'top-menu' : `menu-${mode}`}
      // Entries name themselves unless the menu is folded to icons: no tooltip (one popup trigger each,
      // each drawing itself again at start-up) where it would never show.
      tooltip={mode === 'inline' && collapsed ? undefined : false}
      {...inlineProps}
    />
  );
}
