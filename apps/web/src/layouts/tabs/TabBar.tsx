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
import { App, Button, Dropdown, theme, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PopupOnFirstUse } from '../../components/PopupOnFirstUse';
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
 * It is a navigation list of links (the current one `aria-current`), each with its close button,
 * not an ARIA tab list: the pages are not tab panels, and a tab list may hold nothing but tabs.
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

  const activeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Once the frame is drawn: scrolling at once would make the browser lay out the page being drawn
    // inside this effect (≈ 60 ms of the shell's first drawing).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [store.active, store.tabs.length]);

  const radius = `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`;
  return (
    <nav
      aria-label={t('shell.openPages')}
      data-testid="tab-bar"
      style={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 4,
        padding: '6px 12px 0',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...(sticky ? { position: 'sticky', top, zIndex: 9 } : {}),
      }}
    >
      <ul className="apm-tab-strip">
        {store.tabs.map((tab) => {
          const active = tab.key === store.active;
          const title = titleOf(tab.key);
          return (
            <Dropdown key={tab.key} menu={menuFor(tab.key)} trigger={['contextMenu']}>
              <li
                data-testid="open-tab"
                className={active ? 'apm-tab apm-tab-active' : 'apm-tab'}
                style={{
                  borderRadius: radius,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  background: active ? token.colorBgContainer : token.colorFillAlter,
                  marginBottom: -1,
                  borderBottomColor: active ? token.colorBgContainer : token.colorBorderSecondary,
                }}
              >
                <Link
                  to={tab.url}
                  ref={active ? activeRef : undefined}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`tab-${tab.key}`}
                  style={{ color: active ? token.colorPrimary : token.colorText }}
                >
                  {tab.locked ? <LockOutlined aria-hidden style={{ marginInlineEnd: 4 }} /> : null}
                  {title}
                </Link>
                {/* The last tab keeps its close button: closing it is refused with a warning (spec section 2). */}
                {tab.locked ? null : (
                  <button
                    type="button"
                    className="apm-tab-close"
                    aria-label={t('shell.closeTab', { name: title })}
                    title={t('shell.close')}
                    onClick={() => close(tab.key)}
                    data-testid="tab-close"
                    style={{ color: token.colorTextDescription }}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
      <PopupOnFirstUse
        popup={(trigger, state) => (
          <Dropdown menu={menuFor(store.active)} trigger={['click']} placement="bottomRight" {...state}>
            {trigger}
          </Dropdown>
        )}
      >
        <Button
          type="text"
          size="small"
          icon={<DownOutlined aria-hidden />}
          loading={store.refreshing}
          aria-label={t('shell.tabActions')}
          title={t('shell.tabActions')}
          data-testid="tab-actions"
          style={{ marginBottom: 4 }}
        />
      </PopupOnFirstUse>
    </nav>
  );
}
