import './shell.css';
import { SettingOutlined } from '@ant-design/icons';
import type { BrandConfig, UserInfo } from '@apm/contract';
import { Drawer, FloatButton, Layout, theme } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { lazy, Suspense, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '../../access/authority';
import { PageFooter } from '../../components/PageFooter';
import { usePageNamesStore } from '../../stores/page-names';
import { usePreferencesStore } from '../../stores/preferences';
import { STATIC_ROUTES, findRouteByPath, routeName } from '../../router/menu-routes';
import { useTabsStore } from '../../stores/tabs';
import { AnnouncementModal } from '../announcement/AnnouncementModal';
import { TabBar } from '../tabs/TabBar';
import { forgetTabRestore, useTabSync } from '../tabs/use-tab-sync';
import { ShellContent } from './ShellContent';
import { HEADER_HEIGHT, ShellHeader } from './ShellHeader';
import { ShellMenu } from './ShellMenu';
import { useOpenedOnce } from '../../utils/use-opened-once';
import { useDeviceMode } from './use-device';
import { useShellRoutes } from './use-shell-routes';

// The settings drawer (selects, switches, segmented controls) loads when it is first opened.
const SettingsDrawer = lazy(() =>
  import('../settings/SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })),
);

/** Side menu width, expanded and collapsed (spec section 9). */
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Content width in the fixed-width mode. */
const FIXED_CONTENT_WIDTH = 1200;

/** Props of {@link ShellFrame}. */
export interface ShellFrameProps {
  user: UserInfo;
  brand: BrandConfig;
  /** Message API of the root App, for toasts that must survive leaving the shell. */
  rootMessage: MessageInstance;
}

/**
 * The signed-in shell: header, side menu (side/mix layouts; a drawer on phones), tab bar,
 * animated page content and footer, arranged by the display preferences.
 */
export function ShellFrame({ user, brand, rootMessage }: ShellFrameProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const prefs = usePreferencesStore((s) => s.prefs);
  const setDrawerOpen = usePreferencesStore((s) => s.setDrawerOpen);
  const settingsWanted = useOpenedOnce(usePreferencesStore((s) => s.drawerOpen));
  const mobile = useDeviceMode() === 'mobile';
  const shell = useShellRoutes();
  const [collapsed, setCollapsed] = useState(false);
  const [menuDrawer, setMenuDrawer] = useState(false);
  const closeMenuDrawer = useCallback(() => setMenuDrawer(false), []);
  useTabSync(String(user.id));

  // Document titles of menu pages use the merged names (the route's static path finds the server's entry).
  const { routes } = shell;
  useEffect(() => {
    usePageNamesStore.setState({
      resolveMenuName: (key, language) => {
        const page = STATIC_ROUTES.find((r) => r.key === key);
        const route = (page?.path && findRouteByPath(routes, page.path)) || page;
        return route ? routeName(route, language) : undefined;
      },
    });
  }, [routes]);

  // Phones always get the menu in a drawer, whatever the layout.
  const layout = mobile ? 'side' : prefs.layout;
  const menuTheme = prefs.mode === 'light' ? 'light' : 'dark';
  const darkHeader = prefs.mode === 'dark' && layout !== 'side';
  const superAdmin = isSuperAdmin(user);
  const openSettings = () => setDrawerOpen(true);
  const onSignedOut = () => {
    useTabsStore.getState().reset();
    forgetTabRestore();
  };

  // Mixed layout: the first level in the header, the chosen entry's children at the side.
  const topNode = shell.menu.find((n) => n.route.key === shell.currentKeys[0]);
  const sideNodes = layout === 'mix' ? (topNode?.children ?? []) : shell.menu;
  const hasSider = !mobile && layout !== 'head' && sideNodes.length > 0;
  const headerMenu =
    !mobile && layout !== 'side' ? (
      <ShellMenu
        nodes={shell.menu}
        mode="horizontal"
        theme={darkHeader ? 'dark' : 'light'}
        currentKeys={shell.currentKeys}
        topLevelOnly={layout === 'mix'}
      />
    ) : undefined;

  const siderTop = layout === 'mix' && prefs.fixedHeader ? HEADER_HEIGHT : 0;
  const sider = hasSider ? (
    <Layout.Sider
      className="apm-shell-sider"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      theme={menuTheme}
      data-testid="side-menu"
      style={
        prefs.fixedSidebar
          ? { position: 'sticky', top: siderTop, height: `calc(100vh - ${siderTop}px)`, overflow: 'auto' }
          : undefined
      }
    >
      <ShellMenu
        nodes={sideNodes}
        mode="inline"
        theme={menuTheme}
        currentKeys={shell.currentKeys}
        collapsed={collapsed}
      />
    </Layout.Sider>
  ) : null;

  const header = (
    <ShellHeader
      brand={brand}
      user={user}
      showBrand
      menu={headerMenu}
      dark={darkHeader}
      mobile={mobile}
      collapsed={collapsed}
      onToggleMenu={mobile ? () => setMenuDrawer(true) : hasSider ? () => setCollapsed((c) => !c) : undefined}
      onOpenSettings={superAdmin ? openSettings : undefined}
      onSignedOut={onSignedOut}
      style={prefs.fixedHeader ? { position: 'sticky', top: 0, zIndex: 10, width: '100%' } : undefined}
    />
  );

  const contentStyle: CSSProperties = {
    padding: mobile ? 12 : 24,
    width: '100%',
    boxSizing: 'border-box',
    ...(prefs.contentWidth === 'fixed' ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto' } : {}),
  };
  const main = (
    <Layout style={{ minWidth: 0 }}>
      {layout === 'mix' ? null : header}
      {prefs.multiTab ? (
        <TabBar
          routes={shell.routes}
          sticky={prefs.fixedHeader}
          top={prefs.fixedHeader ? HEADER_HEIGHT : 0}
        />
      ) : null}
      <Layout.Content style={{ flex: 'auto' }}>
        <ShellContent shell={shell} style={contentStyle} rootMessage={rootMessage} />
      </Layout.Content>
      <PageFooter brand={brand} colors={{ link: token.colorLink, text: token.colorTextDescription }} />
    </Layout>
  );

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid={`shell-${layout}`}>
      {layout === 'mix' ? header : null}
      <Layout hasSider={hasSider} style={{ minHeight: 0 }}>
        {sider}
        {main}
      </Layout>
      {mobile ? (
        <Drawer
          placement="left"
          open={menuDrawer}
          onClose={() => setMenuDrawer(false)}
          size={SIDER_WIDTH}
          title={t('shell.menu')}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <ShellMenu
            nodes={shell.menu}
            mode="inline"
            theme="light"
            currentKeys={shell.currentKeys}
            onNavigate={closeMenuDrawer}
          />
        </Drawer>
      ) : null}
      {prefs.hideSettings ? null : (
        <FloatButton
          icon={<SettingOutlined />}
          tooltip={t('settings.title')}
          onClick={openSettings}
          data-testid="settings-button"
          aria-label={t('settings.title')}
        />
      )}
      {settingsWanted ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
      <AnnouncementModal owner={String(user.id)} />
    </Layout>
  );
}
