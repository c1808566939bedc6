import 'animate.css';
import { Flex, Spin } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { usePreferencesStore } from '../../stores/preferences';
import { useTabsStore } from '../../stores/tabs';
import { animationClass } from '../settings/preferences';
import type { ShellRoutes } from './use-shell-routes';

/** Props of {@link ShellContent}. */
export interface ShellContentProps {
  shell: ShellRoutes;
  style?: CSSProperties;
  /** Message API of the root App (the warning must outlive the shell, which /403 leaves). */
  rootMessage: MessageInstance;
}

/**
 * The page area: refuses routes the user may not visit (warning, then /403), plays the chosen
 * page-switch animation on every route change (not on the page the console opens with: it would
 * start invisible and show late — the animations fade in from opacity 0 — and nothing switched),
 * and remounts the page on a tab refresh.
 */
export function ShellContent({ shell, style, rootMessage }: ShellContentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const animation = usePreferencesStore((s) => s.prefs.animation);
  const refreshSeq = useTabsStore((s) => s.refreshSeq);
  const refreshing = useTabsStore((s) => s.refreshing);
  const { current } = shell;
  const denied = current !== undefined && !shell.canVisit(current);
  const pageKey = `${pathname}#${refreshSeq}`;
  const [firstKey] = useState(pageKey);
  const [switched, setSwitched] = useState(false);
  if (!switched && pageKey !== firstKey) setSwitched(true);

  useEffect(() => {
    if (!denied) return;
    void rootMessage.warning({
      content: t('shell.noPermissionPage', { path: pathname }),
      key: 'no-permission',
    });
    navigate('/403', { replace: true });
  }, [denied, rootMessage, navigate, pathname, t]);

  if (denied) return null;
  return (
    <div style={{ position: 'relative', overflowX: 'clip', ...style }}>
      {refreshing ? (
        <Flex align="center" justify="center" style={{ minHeight: '40vh' }} data-testid="tab-refreshing">
          <Spin size="large" />
        </Flex>
      ) : (
        <div
          key={pageKey}
          className={animationClass(animation)}
          style={{ '--animate-duration': switched ? '0.6s' : '0s' } as CSSProperties}
          data-testid="page-content"
        >
          <PageHeading />
          <Outlet />
        </div>
      )}
    </div>
  );
}
