import { LogoutOutlined, QuestionCircleOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../services/auth';
import { useAccountStore } from '../stores/account';
import { useOpenedOnce } from '../utils/use-opened-once';
import { PopupOnFirstUse } from './PopupOnFirstUse';

// The help drawer (collapse, search box) loads when it is first opened.
const FaqDrawer = lazy(() => import('./FaqDrawer').then((m) => ({ default: m.FaqDrawer })));

/** Props of {@link AvatarDropdown}. */
export interface AvatarDropdownProps {
  user: UserInfo;
  /** Show the avatar only (phones). */
  compact?: boolean;
  /** When given, the menu offers "Display settings", which calls it. */
  onOpenSettings?: () => void;
  /** Called after sign-out, before leaving for /login. */
  onSignedOut?: () => void;
}

/** Header account menu: avatar, name and office; personal center, help (common problems) and sign-out. */
export function AvatarDropdown({ user, compact = false, onOpenSettings, onSignedOut }: AvatarDropdownProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearAccount = useAccountStore((s) => s.clear);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpWanted = useOpenedOnce(helpOpen);

  const signOut = async () => {
    try {
      await logout();
    } catch {
      void message.warning(t('home.signOutFailed'));
    }
    clearAccount();
    onSignedOut?.();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const items: MenuProps['items'] = [
    { key: 'personalCenter', icon: <UserOutlined />, label: t('home.personalCenter') },
    ...(onOpenSettings ? [{ key: 'settings', icon: <SettingOutlined />, label: t('settings.title') }] : []),
    { key: 'help', icon: <QuestionCircleOutlined />, label: t('shell.help') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('home.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personalCenter') navigate('/personalCenter');
    if (key === 'settings') onOpenSettings?.();
    if (key === 'help') setHelpOpen(true);
    if (key === 'signOut') void signOut();
  };

  const displayName = user.name || user.loginName;
  return (
    <>
      <PopupOnFirstUse
        popup={(trigger, state) => (
          <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" {...state}>
            {trigger}
          </Dropdown>
        )}
      >
        <Flex
          component="button"
          align="center"
          gap={8}
          // The name is what the button shows (WCAG 2.5.3); only the bare avatar needs one of its own.
          aria-label={compact ? displayName : undefined}
          data-testid="avatar-menu"
          style={{
            border: 0,
            background: 'transparent',
            cursor: 'pointer',
            padding: '0 4px',
            height: 48,
            minWidth: 0,
          }}
        >
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined aria-hidden />} alt="" />
          {compact ? null : (
            <Flex vertical align="start" style={{ lineHeight: 1.25, minWidth: 0, maxWidth: 200 }}>
              <Typography.Text strong className="apm-ellipsis">
                {displayName}
              </Typography.Text>
              <Typography.Text type="secondary" className="apm-ellipsis" style={{ fontSize: 12 }}>
                {user.office?.name ?? t('home.noOffice')}
              </Typography.Text>
            </Flex>
          )}
        </Flex>
      </PopupOnFirstUse>
      {helpWanted ? (
        <Suspense fallback={null}>
          <FaqDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
