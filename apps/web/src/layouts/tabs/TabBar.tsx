import {
  CloseOutlined,
  DownOutlined,
  LockOutlined,
  ReloadOutlined,
  UnlockOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
  ColumnWidthOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Tabs, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../../services/queries';
import { useLocaleStore } from '../../stores/locale';
import { useTabsStore } from '../../stores/tabs';
import { findRouteByPath, routeName, type AppRoute } from '../../router/menu-routes';

/** Tab refresh reload delay (spec section 9). */
export const REFRESH_DELAY_MS = 200;

/** Queries that belong to the shell itself and survive a tab refresh. */
const SHELL_QUERIES = new Set<unknown>([queryKeys.brand[0], queryKeys.userInfo[0], 'notifications']);

/** Names of the shell's pages that are not menu pages. */
const EXCEPTION_TITLES: Record<string, 'route.forbidden' | 'route.notFound' | 'route.serverError'> = {
  '/exception/403': 'route.forbidden',
  '/exception/404': 'route.notFound',
  '/exception/500': 'route.serverError',
};

/** Props of {@link TabBar}. */
export interface TabBarProps {
  routes: readonly AppRoute[];
  /** Sticks under the header. */
  sticky: boolean;
  top: number;
}

/**
 * The bar of open pages: switch, close, close left/right/others, refresh (loading state, page
 * caches cleared, content remounted after ~200 ms) and lock, from each tab's context menu or
 * the actions button. Closing the last tab is refused with a warning.
 */
export function TabBar({ routes, sticky, top }: TabBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const language = useLocaleStore((s) => s.language);
  const store = useTabsStore();

  const goToActive = () => {
    const { active, tabs } = useTabsStore.getState();
    const tab = tabs.find((x) => x.key === active);
    if (tab && tab.key !== location.pathname) navigate(tab.url);
  };

  const refresh = (key: string) => {
    const tab = store.tabs.find((x) => x.key === key);
    if (tab && key !== location.pathname) navigate(tab.url);
    store.setRefreshing(true);
    queryClient.removeQueries({ predicate: (q) => !SHELL_QUERIES.has(q.queryKey[0]) });
    window.setTimeout(() => {
      useTabsStore.getState().bumpRefresh();
      useTabsStore.getState().setRefreshing(false);
    }, REFRESH_DELAY_MS);
  };

  const close = (key: string) => {
    const refused = store.close(key);
    if (refused === 'last') void message.warning(t('shell.lastTab'));
    else if (refused === 'locked') void message.warning(t('shell.lockedTab'));
    else goToActive();
  };

  const run = (action: string, key: string) => {
    if (action === 'refresh') return refresh(key);
    if (action === 'close') return close(key);
    if (action === 'closeLeft') store.closeLeft(key);
    if (action === 'closeRight') store.closeRight(key);
    if (action === 'closeOthers') store.closeOthers(key);
    if (action === 'lock') store.toggleLock(key);
    goToActive();
  };

  const menuFor = (key: string): MenuProps => {
    const index = store.tabs.findIndex((x) => x.key === key);
    const tab = store.tabs[index];
    const unlockedOthers = store.tabs.filter((x) => x.key !== key && !x.locked);
    const items: MenuProps['items'] = [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('shell.close'), disabled: tab?.locked === true },
      {
        key: 'closeLeft',
        icon: <VerticalRightOutlined />,
        label: t('shell.closeLeft'),
        disabled: !store.tabs.slice(0, index).some((x) => !x.locked),
      },
      {
        key: 'closeRight',
        icon: <VerticalLeftOutlined />,
        label: t('shell.closeRight'),
        disabled: !store.tabs.slice(index + 1).some((x) => !x.locked),
      },
      {
        key: 'closeOthers',
        icon: <ColumnWidthOutlined />,
        label: t('shell.closeOthers'),
        disabled: unlockedOthers.length === 0,
      },
      { type: 'divider' },
      {
        key: 'lock',
        icon: tab?.locked ? <UnlockOutlined /> : <LockOutlined />,
        label: tab?.locked ? t('shell.unlock') : t('shell.lock'),
      },
    ];
    return { items, onClick: ({ key: action }) => run(action, key) };
  };

  const titleOf = (key: string) => {
    const route = findRouteByPath(routes, key);
    if (route) return routeName(route, language);
    const exception = EXCEPTION_TITLES[key];
    return exception ? t(exception) : key;
  };

  const items = store.tabs.map((tab) => ({
    key: tab.key,
    // The last tab keeps its close button: closing it is refused with a warning (spec section 2).
    closable: !tab.locked,
    label: (
      <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
        <span data-testid={`tab-${tab.key}`}>
          {tab.locked ? <LockOutlined style={{ marginInlineEnd: 4 }} /> : null}
          {titleOf(tab.key)}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div
      data-testid="tab-bar"
      style={{
        padding: '6px 12px 0',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...(sticky ? { position: 'sticky', top, zIndex: 9 } : {}),
      }}
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={store.active}
        items={items}
        onChange={(key) => {
          const tab = store.tabs.find((x) => x.key === key);
          if (tab) navigate(tab.url);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        tabBarStyle={{ margin: 0 }}
        tabBarExtraContent={
          <Dropdown menu={menuFor(store.active)} trigger={['click']} placement="bottomRight">
            <Button
              type="text"
              size="small"
              icon={<DownOutlined />}
              loading={store.refreshing}
              aria-label={t('shell.tabActions')}
              title={t('shell.tabActions')}
              data-testid="tab-actions"
            />
          </Dropdown>
        }
      />
    </div>
  );
}
