import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Layout, Result, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AvatarDropdown } from '../components/AvatarDropdown';
import { BrandMark } from '../components/BrandMark';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageFooter } from '../components/PageFooter';
import { PageLoading } from '../components/PageLoading';
import { FALLBACK_BRAND } from '../services/customer';
import { brandQuery, userInfoQuery } from '../services/queries';
import { RequestError } from '../services/request';
import { useAccountStore } from '../stores/account';

const PWD_PAST_DUE_PATH = '/personalCenter';

/**
 * Layout of the signed-in pages: header (brand, language, account menu), content, footer.
 * It loads the user into the account store and keeps a user whose password expired on the
 * personal center until it is changed. The full shell (side menu, tabs) replaces it later.
 */
export default function BasicLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const location = useLocation();
  const { data: brand = FALLBACK_BRAND } = useQuery(brandQuery());
  const userQuery = useQuery(userInfoQuery());
  const setUser = useAccountStore((s) => s.setUser);
  const user = userQuery.data;

  useEffect(() => {
    if (user) setUser(user);
  }, [user, setUser]);

  if (userQuery.isPending) return <PageLoading />;

  const onExpiredPage = location.pathname === PWD_PAST_DUE_PATH;
  const pwdPastDue =
    user?.pwdPastDue === true ||
    (userQuery.error instanceof RequestError && userQuery.error.reason === 'pwdPastDue');
  if (pwdPastDue && !onExpiredPage) return <Navigate to={`${PWD_PAST_DUE_PATH}?pwdPastDue=1`} replace />;

  if (userQuery.isError && !pwdPastDue) {
    return (
      <Result
        status="warning"
        title={t('home.loadFailed')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void userQuery.refetch()}>
            {t('home.retry')}
          </Button>,
          <Link key="login" to="/login">
            <Button>{t('common.backToLogin')}</Button>
          </Link>,
        ]}
      />
    );
  }

  const narrow = !screens.md;
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: narrow ? 4 : 12,
          padding: narrow ? '0 8px' : '0 24px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link to="/home" style={{ minWidth: 0, flex: '0 1 auto' }}>
          <BrandMark brand={brand} />
        </Link>
        <div style={{ flex: 1 }} />
        <LanguageSwitch iconOnly={narrow} />
        {user ? <AvatarDropdown user={user} compact={narrow} /> : null}
      </Layout.Header>
      <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
        <Outlet />
      </Layout.Content>
      <PageFooter brand={brand} />
    </Layout>
  );
}
