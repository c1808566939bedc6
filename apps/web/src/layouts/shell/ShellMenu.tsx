import { Badge, Menu, type MenuProps } from 'antd';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocaleStore } from '../../stores/locale';
import { firstLeafPath, routeName, type MenuNode } from '../../router/menu-routes';
import { MenuIcon } from './MenuIcon';
import { usePendingReviewBadges } from './use-pending-reviews';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * antd's menu, drawn again only when one of its props changes: the shell around it draws itself several times at
 * start-up (session, brand, badges, feedback), and the menu's ≈ 250 components were most of each of those drawings.
 */
const StableMenu = memo(Menu);

const INLINE_STYLE = { borderInlineEnd: 0, minWidth: 0 };
const HORIZONTAL_STYLE = { ...INLINE_STYLE, flex: 1 };

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

  const onClick = useCallback<NonNullable<MenuProps['onClick']>>(
    ({ key }) => {
      const node = findNode(nodes, key);
      // In the mixed layout's header, a first-level entry jumps to its first page.
      const path = node ? firstLeafPath(node) : undefined;
      if (path) {
        navigate(path);
        onNavigate?.();
      }
    },
    [nodes, navigate, onNavigate],
  );

  const items = useMemo(
    () => toItems(nodes, language, topLevelOnly, badges),
    [nodes, language, topLevelOnly, badges],
  );
  const selectedKeys = useMemo(
    () => (topLevelOnly ? currentKeys.slice(0, 1) : currentKeys.slice(-1)),
    [currentKeys, topLevelOnly],
  );
  const inlineProps = mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {};
  return (
    <StableMenu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKeys}
      onClick={onClick}
      style={mode === 'horizontal' ? HORIZONTAL_STYLE : INLINE_STYLE}
      data-testid={topLevelOnly ? 'top-menu' : `menu-${mode}`}
      // Entries name themselves unless the menu is folded to icons: no tooltip (one popup trigger each,
      // each drawing itself again at start-up) where it would never show.
      tooltip={mode === 'inline' && collapsed ? undefined : false}
      {...inlineProps}
    />
  );
}
