import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { BrandConfig, UserInfo } from '@apm/contract';
import { Button, ConfigProvider, Flex, Layout, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../access/authority';
import { AvatarDropdown } from '../../components/AvatarDropdown';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { DARK_HEADER, darkHeaderTheme } from '../settings/theme-tokens';
import { AlarmBadge } from './AlarmBadge';
import { NoticeBell } from './NoticeBell';

/** Height of the header in pixels. */
export const HEADER_HEIGHT = 56;

/** Permission that shows the notice bell (spec section 6). */
export const NOTICE_PERMISSION = 'sys:messageNotification:view';

/** Props of {@link ShellHeader}. */
export interface ShellHeaderProps {
  brand: BrandConfig;
  user: UserInfo;
  /** Show the brand (side layout on desktop shows it in the side menu instead). */
  showBrand: boolean;
  /** Menu shown in the header (head and mix layouts). */
  menu?: ReactNode;
  /** Dark header (head/mix layouts in the dark theme). */
  dark: boolean;
  mobile: boolean;
  collapsed?: boolean;
  /** Toggles the side menu (desktop) or opens the menu drawer (phone); absent = no button. */
  onToggleMenu?: () => void;
  onOpenSettings?: () => void;
  onSignedOut?: () => void;
  style?: CSSProperties;
}

/** Shell header: menu toggle, brand, optional menu, notice bell, language switch, account menu. */
export function ShellHeader(props: ShellHeaderProps) {
  if (!props.dark) return <HeaderBar {...props} />;
  // Text, buttons and the account menu take the dark algorithm; the primary colour is inherited.
  return (
    <ConfigProvider theme={darkHeaderTheme()}>
      <HeaderBar {...props} />
    </ConfigProvider>
  );
}

function HeaderBar(props: ShellHeaderProps) {
  const { brand, user, showBrand, menu, dark, mobile, collapsed, onToggleMenu } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toggleIcon = mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  return (
    <Layout.Header
      data-testid="shell-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: mobile ? 4 : 12,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: mobile ? '0 8px' : '0 16px',
        background: dark ? DARK_HEADER : token.colorBgContainer,
        borderBottom: dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
        ...props.style,
      }}
    >
      {onToggleMenu ? (
        <Button
          type="text"
          icon={toggleIcon}
          onClick={onToggleMenu}
          aria-label={mobile ? t('shell.openMenu') : collapsed ? t('shell.expand') : t('shell.collapse')}
          data-testid="menu-toggle"
        />
      ) : null}
      {showBrand ? (
        <Link to="/home" style={{ minWidth: 0, flex: menu ? '0 0 auto' : '0 1 auto', maxWidth: 280 }}>
          <BrandMark brand={brand} />
        </Link>
      ) : null}
      {menu ?? <div style={{ flex: 1 }} />}
      <Flex align="center" gap={mobile ? 0 : 4} style={{ flex: 'none' }}>
        {hasPermission(user, 'sys:alarm:view') ? <AlarmBadge /> : null}
        {hasPermission(user, NOTICE_PERMISSION) ? <NoticeBell userId={user.id} /> : null}
        <LanguageSwitch iconOnly={mobile} />
        <AvatarDropdown
          user={user}
          compact={mobile}
          onOpenSettings={props.onOpenSettings}
          onSignedOut={props.onSignedOut}
        />
      </Flex>
    </Layout.Header>
  );
}
